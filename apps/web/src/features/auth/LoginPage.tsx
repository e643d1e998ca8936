import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AuthBody } from '@vitrine/core';
import { ApiError, failureText } from '../../api/client';
import { loadAllStrings } from '../../i18n';
import { useFormSubmit, useLazyZodForm } from '../../lib/useZodForm';
import { signIn } from './auth.api';
import { AuthCard } from './AuthCard';
import { useBotCheck, withBotCheck } from './BotCheck';
import { ExternalSignIn } from './ExternalSignIn';
import { useCompleteSignIn } from './signIn';
import { UnlockOffer } from './UnlockOffer';

const loadAuthBody = (): Promise<typeof AuthBody> => import('./authBody').then((module) => module.AuthBody);

export function LoginPage() {
  const { t } = useTranslation();
  const { redirect, code, state, iss } = useSearch({ from: '/login' });
  // The form's schema comes with its first keystroke: the first page downloads no zod (bench/README-web.md).
  const form = useLazyZodForm(loadAuthBody, { login: '', password: '', code: undefined });
  const complete = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  // Two-factor on: the password was right and the code is asked for next (docs/security.md).
  const [needCode, setNeedCode] = useState(false);
  // After repeated failures the server asks for a bot check; from then on the form carries one.
  const [needBotCheck, setNeedBotCheck] = useState(false);
  const bot = useBotCheck('login', needBotCheck);
  // Locked after too many wrong passwords: the hint and the button that e-mails the unlock link.
  const [locked, setLocked] = useState(false);
  const { busy, onSubmit } = useFormSubmit(form, withBotCheck(bot, signIn), {
    onStart: () => {
      setError(null);
      setLocked(false);
      // The signed-in pages' strings load while the password is checked, not after it.
      void loadAllStrings();
    },
    onSuccess: (pair) => complete(pair, redirect),
    onError: (e) => {
      if (e instanceof ApiError && e.body.code === 'TWOFA_REQUIRED') {
        setNeedCode(true);
        return;
      }
      if (e instanceof ApiError && e.body.code === 'SIGN_IN_LOCKED') {
        setLocked(true);
        return;
      }
      if (e instanceof ApiError && e.body.code === 'BOT_CHECK_REQUIRED') setNeedBotCheck(true);
      setError(e instanceof ApiError ? failureText(e) : t('notify.failed'));
    },
  });

  return (
    <AuthCard title={t('login.title')}>
      <form onSubmit={onSubmit} noValidate>
        {error && (
          <Alert color="red" role="alert" mb="md">
            {error}
          </Alert>
        )}
        {locked && <UnlockOffer login={form.values.login} />}
        <TextInput label={t('login.login')} autoComplete="username" {...form.inputProps('login')} mb="sm" />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          {...form.inputProps('password')}
          mb="md"
        />
        {needCode && (
          <TextInput
            label={t('login.code')}
            description={t('login.codeHelp')}
            autoComplete="one-time-code"
            autoFocus
            {...form.inputProps('code', { optional: true })}
            mb="md"
          />
        )}
        {bot.element}
        <Button type="submit" loading={busy} fullWidth>
          {t('login.submit')}
        </Button>
      </form>
      <ExternalSignIn
        {...(code ? { code } : {})}
        {...(state ? { state } : {})}
        {...(iss ? { iss } : {})}
        {...(redirect ? { redirect } : {})}
      />
      <Group justify="space-between" mt="md">
        <Anchor component={Link} to="/recover-pass" size="sm">
          {t('login.forgot')}
        </Anchor>
        <Anchor component={Link} to="/reg" size="sm">
          {t('login.register')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
