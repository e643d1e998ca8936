import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './log.js';

/** A driver error as pg raises it: a SQLSTATE, a severity, and a detail that quotes the row. */
function databaseError(message: string, code: string): Error {
  return Object.assign(new Error(message), {
    name: 'DatabaseError',
    code,
    severity: 'ERROR',
    detail: 'Key (token_hash)=(9f86d081884c7d659a2feaa0c55ad015) already exists.',
    constraint: 'refresh_sessions_token_idx',
    table: 'refresh_sessions',
  });
}

describe('what the log may say', () => {
  it('a failed statement: its SQL and the database code, never its parameters or the row quoted', () => {
    const cause = databaseError(
      'duplicate key value violates unique constraint "refresh_sessions_token_idx"',
      '23505',
    );
    const error = new DrizzleQueryError(
      'insert into "users" ("login", "password_hash") values ($1, $2)',
      ['mallory', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'vtd_secretdevicetoken'],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).toContain('refresh_sessions_token_idx');
    for (const secret of [
      'mallory',
      '$argon2id',
      'vtd_secret',
      '9f86d081884c7d659a2feaa0c55ad015',
      'params',
    ]) {
      expect(logged).not.toContain(secret);
    }
  });

  it("a database message's quoted value is cut", () => {
    const logged = serializeError(databaseError('invalid input syntax for type integer: "s3cr3t"', '22P02'));
    expect(logged.message).toBe('invalid input syntax for type integer: "…"');
    expect(logged.stack).not.toContain('s3cr3t');
  });

  it('an address keeps its path but not a device token or a signature', () => {
    expect(redactUrl('/api/player/ws?token=vtd_abc123')).toBe('/api/player/ws?token=…');
    expect(redactUrl('/api/file/7/content?exp=1700000000&sig=AbC-_d')).toBe(
      '/api/file/7/content?exp=1700000000&sig=…',
    );
    expect(redactUrl('/api/file/7/package/1700000000/AbC-_d/index.html')).toBe(
      '/api/file/7/package/1700000000/…/index.html',
    );
    expect(redactUrl('/api/point?search=token')).toBe('/api/point?search=token');
  });
});
