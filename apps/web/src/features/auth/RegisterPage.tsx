import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MESSAGES, RegisterBody } from '@vitrine/core';
import { failureText } from '../../api/client';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { register } from './auth.api';
import { AuthCard } from './AuthCard';
import { useBotCheck, withBotCheck } from './BotCheck';

const RegisterForm = RegisterBody.extend({ repeatPassword: z.string() }).refine(
  (v) => v.password === v.repeatPassword,
  { error: MESSAGES.notEqual, path: ['repeatPassword'] },
);

export function RegisterPage() {
  const { t } = useTranslation();
  const form = useZodForm(RegisterForm, { login: '', name: '', email: '', password: '', repeatPassword: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Field refusals land on their fields; anything else (a rate limit, say) is said above the form.
  const bot = useBotCheck('register', true);
  const send = withBotCheck(bot, register);
  const { busy, onSubmit } = useFormSubmit(form, ({ repeatPassword: _repeat, ...body }) => send(body), {
    onStart: () => setError(null),
    onSuccess: (_, body) => setSentTo(body.email),
    onError: (e) => setError(failureText(e)),
  });

  if (sentTo) {
    return (
      <AuthCard title={t('register.title')}>
        <Alert color="green" role="status">
          {t('register.sent', { email: sentTo })}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('login.title')}
        </Anchor>
      </AuthCard>
    );
  }

  const field = (name: 'login' | 'name' | 'email', autoComplete: string) => (
    <TextInput label={t(`register.${name}`)} autoComplete={autoComplete} {...form.inputProps(name)} mb="sm" />
  );

  return (
    <AuthCard title={t('register.title')}>
      <form onSubmit={onSubmit} noValidate>
        {error && (
          <Alert color="red" role="alert" mb="md">
            {error}
          </Alert>
        )}
        {field('login', 'username')}
        {field('name', 'name')}
        {field('email', 'email')}
        <PasswordInput
          label={t('register.password')}
          description={t('register.passwordHint')}
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
        {bot.element}
        <Button type="submit" loading={busy} fullWidth>
          {t('register.submit')}
        </Button>
      </form>
      <Anchor component={Link} to="/login" size="sm">
        {t('register.haveAccount')}
      </Anchor>
    </AuthCard>
  );
}
