import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, MESSAGES, PLAYLIST_MESSAGES, UPLOAD_MESSAGES, WALL_MESSAGES } from '@vitrine/core';
import i18n from '../i18n';
import { i18nOptions, resources } from '../i18n/resources';
import { refusalFields, translateError, translateFields, translateMessage } from './messages';

beforeAll(async () => {
  await i18n.init(i18nOptions('ua'));
});

describe('every error code the server sends has words in every locale', () => {
  it.each(Object.keys(resources) as (keyof typeof resources)[])('%s', (locale) => {
    const errors = resources[locale].errors as Record<string, string>;
    const missing = Object.keys(ERRORS).filter((code) => !errors[code]?.trim());
    expect(missing).toEqual([]);
  });
});

describe('a refusal is translated through its code, not its English words', () => {
  it('says the code’s own words whatever the server wrote', () => {
    expect(translateError({ code: 'USER_NOT_FOUND', message: 'User not found' })).toBe(
      resources.ua.errors.USER_NOT_FOUND,
    );
    // A server that rewords its English still speaks Ukrainian here: the code decides.
    expect(translateError({ code: 'USER_NOT_FOUND', message: 'No such user, sorry' })).toBe(
      resources.ua.errors.USER_NOT_FOUND,
    );
    expect(translateError({ code: 'TAG_EXISTS', message: 'Tag already exists' })).toBe(
      resources.ua.errors.TAG_EXISTS,
    );
  });

  it('shows a refusal’s hint on its fields: the sizes that fit a wall beside the spec’s message', () => {
    expect(
      refusalFields({
        code: 'VALIDATION_ERROR',
        message: WALL_MESSAGES.sizeMismatch,
        fields: { 'files.0.wallFit': WALL_MESSAGES.sizeMismatch },
        hint: 'Lobby: 3870×2190, 1935×1095',
      }),
    ).toEqual({
      'files.0.wallFit': `${resources.ua.wallMessages.sizeMismatch}. Lobby: 3870×2190, 1935×1095`,
    });
    // Without a hint the field says just its message.
    expect(refusalFields({ code: 'VALIDATION_ERROR', fields: { name: MESSAGES.required } }).name).toBe(
      translateMessage(MESSAGES.required),
    );
  });

  it('adds what to do after a billing refusal, naming the tariff that allows the action', () => {
    expect(
      translateError({
        code: 'BALANCE_NOT_ENOUGH',
        message: ERRORS.BALANCE_NOT_ENOUGH.message,
        hint: 'Please recharge your balance',
      }),
    ).toBe('Неможливо виконати дію: недостатньо коштів на балансі. Будь ласка, поповніть баланс');
    expect(
      translateError({
        code: 'TARIFF_NOT_ALLOWED',
        message: ERRORS.TARIFF_NOT_ALLOWED.message,
        hint: 'Please switch to another tariff',
        tariff: 'proPlus',
      }),
    ).toBe(
      'Ця дія недоступна на поточному тарифному плані. Будь ласка, перейдіть на інший тариф: Це дозволяє тариф Pro +',
    );
  });

  it('shows the server’s message for a code this version does not know', () => {
    expect(translateError({ code: 'SOMETHING_NEW', message: 'Something new went wrong' })).toBe(
      'Something new went wrong',
    );
    expect(translateError({})).toBe(resources.ua.notify.failed);
  });

  it('says what is wrong with the first field, through the field message’s stable key', async () => {
    await i18n.changeLanguage('ru');
    expect(
      translateError({
        code: 'VALIDATION_ERROR',
        message: MESSAGES.required,
        fields: { login: MESSAGES.required, password: 'Minimum 8 characters' },
      }),
    ).toBe(resources.ru.validation.required);
    expect(
      translateFields(
        { login: MESSAGES.loginChars, password: 'Minimum 8 characters', name: 'Maximum 21 characters' },
        'VALIDATION_ERROR',
      ),
    ).toEqual({
      login: resources.ru.validation.loginChars,
      password: 'Минимум 8 символов',
      name: 'Максимум 21 символ',
    });
    // A refusal whose code says little ('Forbidden') but whose field says why.
    expect(
      translateError({
        code: 'FORBIDDEN',
        message: PLAYLIST_MESSAGES.maxDurationNotAllowed,
        fields: { maxDuration: PLAYLIST_MESSAGES.maxDurationNotAllowed },
      }),
    ).toBe(resources.ru.playlistMessages.maxDurationNotAllowed);
    // A field that repeats the code's own message is translated through the code.
    expect(translateFields({ email: ERRORS.EMAIL_TAKEN.message }, 'EMAIL_TAKEN')).toEqual({
      email: resources.ru.errors.EMAIL_TAKEN,
    });
    await i18n.changeLanguage('uk');
  });

  it('translates the known detail of a detailed code, values and all', () => {
    expect(
      translateError({
        code: 'UPLOAD_TOO_LARGE',
        message: UPLOAD_MESSAGES.tooLarge('big.mp4', '2 GB'),
      }),
    ).toBe('big.mp4 завеликий, максимальний розмір файлу 2 GB.');
    expect(translateError({ code: 'VALIDATION_ERROR', message: PLAYLIST_MESSAGES.staleChange })).toBe(
      resources.ua.playlistMessages.staleChange,
    );
    // A detail it cannot read falls back to the code's words, never to English.
    expect(translateError({ code: 'VALIDATION_ERROR', message: 'Some rule nobody translated' })).toBe(
      resources.ua.errors.VALIDATION_ERROR,
    );
  });

  it('keeps messages it does not know as they came', () => {
    expect(translateMessage('Hello')).toBe('Hello');
    expect(translateFields({ x: 'Hello' })).toEqual({ x: 'Hello' });
  });
});
