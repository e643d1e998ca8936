import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AuthBody, PatchPasswordBody, RegisterBody, UserPostBody } from './schemas/user.js';
import { isSafeRedirect, isStrictPassword, isStrongPassword, MESSAGES } from './validation.js';

/** The first message per field, as the server reports them. */
function messages(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
}

describe('passwords (spec §5)', () => {
  it('needs 8 characters with letters and digits', () => {
    expect(isStrongPassword('abcdefg1')).toBe(true);
    expect(isStrongPassword('пароль12')).toBe(true);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('abc1')).toBe(false);
  });

  it('the strict rule adds both cases and a special character', () => {
    expect(isStrictPassword('Abcdefg1!')).toBe(true);
    expect(isStrictPassword('abcdefg1!')).toBe(false);
    expect(isStrictPassword('Abcdefg12')).toBe(false);
  });

  it("answers with the spec's words", () => {
    const weak = RegisterBody.safeParse({
      login: 'ann',
      email: 'ann@example.test',
      password: 'abcdefgh',
      name: 'Ann',
    });
    expect(messages(weak)).toEqual({ password: MESSAGES.passwordWeak });
    const short = RegisterBody.safeParse({
      login: 'ann',
      email: 'ann@example.test',
      password: 'ab1',
      name: 'Ann',
    });
    expect(messages(short).password).toBe('Minimum 8 characters');
  });

  it("says 'Not equal' for a wrong repeat and 'Should not be equal' for a reused password", () => {
    const repeat = PatchPasswordBody.safeParse({
      password: 'old-pass-1',
      newPassword: 'new-pass-1',
      repeatPassword: 'other-1x',
    });
    expect(messages(repeat)).toEqual({ repeatPassword: MESSAGES.notEqual });
    const same = PatchPasswordBody.safeParse({
      password: 'same-pass-1',
      newPassword: 'same-pass-1',
      repeatPassword: 'same-pass-1',
    });
    expect(messages(same)).toEqual({ newPassword: MESSAGES.shouldNotBeEqual });
  });
});

describe('default messages', () => {
  it("uses 'Required field', 'Invalid e-mail' and 'Invalid data'", () => {
    expect(messages(AuthBody.safeParse({}))).toEqual({
      login: MESSAGES.required,
      password: MESSAGES.required,
    });
    expect(messages(AuthBody.safeParse({ login: '', password: 'x' }))).toEqual({ login: MESSAGES.required });
    expect(messages(AuthBody.safeParse({ login: 5, password: 'x' }))).toEqual({ login: MESSAGES.invalid });
    const email = RegisterBody.safeParse({
      login: 'ann',
      email: 'not-an-email',
      password: 'abcdefg1',
      name: 'Ann',
    });
    expect(messages(email)).toEqual({ email: MESSAGES.invalidEmail });
  });

  it('refuses unknown fields and unknown roles', () => {
    expect(messages(AuthBody.safeParse({ login: 'a', password: 'b', isAdmin: true }))._).toBe(
      'Unknown field: isAdmin',
    );
    const role = UserPostBody.safeParse({ login: 'ann', name: 'Ann', password: 'abcdefg1', role: 'root' });
    expect(messages(role)).toEqual({ role: MESSAGES.invalid });
  });
});

describe('redirect-back paths (spec §2, §5)', () => {
  it.each([
    '/',
    '/playlist',
    '/point/12?tab=log',
    '/ua/files/stock',
    '/statistics/report?from=2026-01-01&to=2026-02-01',
  ])('accepts the local path %s', (path) => expect(isSafeRedirect(path)).toBe(true));
  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'playlist',
    '/a b',
    '/<script>',
    '',
    null,
  ])('refuses %s', (path) => expect(isSafeRedirect(path)).toBe(false));
});
