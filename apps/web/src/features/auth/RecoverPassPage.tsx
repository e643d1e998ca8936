import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, TextInput } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmailBody, MESSAGES, passwordSchema } from '@vitrine/core';
import { failureText } from '../../api/client';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { recoverPass, submitNewPassword } from './auth.api';
import { AuthCard } from './AuthCard';
import { useBotCheck, withBotCheck } from './BotCheck';

/** /recover-pass: asks for the address; the answer never tells whether it is known. */
export function RecoverPassPage() {
  const { t } = useTranslation();
  const form = useZodForm(EmailBody, { email: '' });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bot = useBotCheck('recover', true);
  const { busy, onSubmit } = useFormSubmit(form, withBotCheck(bot, recoverPass), {
    onStart: () => setError(null),
    onSuccess: () => setSent(true),
    onError: (e) => setError(failureText(e)),
  });

  return (
    <AuthCard title={t('recover.title')}>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {sent ? (
        <Alert color="green" role="status">
          {t('recover.sent')}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <TextInput label={t('recover.email')} autoComplete="email" {...form.inputProps('email')} mb="md" />
          {bot.element}
          <Button type="submit" loading={busy} fullWidth>
            {t('recover.submit')}
          </Button>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('register.haveAccount')}
      </Anchor>
    </AuthCard>
  );
}

const SubmitForm = z
  .object({ password: passwordSchema, repeatPassword: z.string() })
  .refine((v) => v.password === v.repeatPassword, { error: MESSAGES.notEqual, path: ['repeatPassword'] });

/** /recover-pass/submit?token=…: sets the new password. */
export function RecoverPassSubmitPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ from: '/recover-pass/submit' });
  const form = useZodForm(SubmitForm, { password: '', repeatPassword: '' });
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('errors.LINK_INVALID'));
  // Without a token there is nothing to send: the alert above says the link is invalid.
  const { busy, onSubmit } = useFormSubmit(
    { ...form, validate: () => (token ? form.validate() : null) },
    (body) => submitNewPassword({ token: token ?? '', ...body }),
    {
      onSuccess: () => setDone(true),
      onError: () => setError(t('errors.LINK_INVALID')),
    },
  );

  return (
    <AuthCard title={t('recover.submitTitle')}>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {done ? (
        <Alert color="green" role="status">
          {t('recover.done')}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <PasswordInput
            label={t('recover.newPassword')}
            autoComplete="new-password"
            {...form.inputProps('password')}
            mb="sm"
          />
          <PasswordInput
            label={t('register.repeatPassword')}
            autoComplete="new-password"
            {...form.inputProps('repeatPassword')}
            mb="md"
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('recover.save')}
          </Button>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('login.title')}
      </Anchor>
    </AuthCard>
  );
}
