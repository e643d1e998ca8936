import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, TextInput } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EmailBody, MESSAGES, passwordSchema } from '@vitrine/core';
import { api, failureText } from '../../api/client';
import { useZodForm } from '../../lib/useZodForm';
import { AuthCard } from './AuthCard';

/** /recover-pass: asks for the address; the answer never tells whether it is known. */
export function RecoverPassPage() {
  const { t } = useTranslation();
  const form = useZodForm(EmailBody, { email: '' });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    setBusy(true);
    try {
      await api('/user/recover-pass', { method: 'POST', body, silent: true });
      setSent(true);
    } catch (e) {
      if (!form.showServerError(e)) setError(failureText(e));
    } finally {
      setBusy(false);
    }
  }

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
        <form onSubmit={submit} noValidate>
          <TextInput label={t('recover.email')} autoComplete="email" {...form.inputProps('email')} mb="md" />
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
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('errors.LINK_INVALID'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate();
    if (!body || !token) return;
    setBusy(true);
    try {
      await api('/user/recover-pass-submit', { method: 'POST', body: { token, ...body }, silent: true });
      setDone(true);
    } catch (e) {
      if (!form.showServerError(e)) setError(t('errors.LINK_INVALID'));
    } finally {
      setBusy(false);
    }
  }

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
        <form onSubmit={submit} noValidate>
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
