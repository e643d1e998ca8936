import { useState, type FormEvent } from 'react';
import { Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PatchPasswordBody, type TokenPair } from '@vitrine/core';
import { api, session } from '../../api/client';
import { useZodForm } from '../../lib/useZodForm';

/** Change my password (spec §5: 'Not equal', 'Should not be equal'); other sessions end. */
export function PasswordForm() {
  const { t } = useTranslation();
  const empty = { password: '', newPassword: '', repeatPassword: '' };
  const form = useZodForm(PatchPasswordBody, empty);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    setBusy(true);
    try {
      session.set(await api<TokenPair>('/user/patch-password', { method: 'POST', body }));
      form.setValues(empty);
    } catch (e) {
      form.showServerError(e);
    } finally {
      setBusy(false);
    }
  }

  const input = (name: keyof typeof empty, autoComplete: string) => (
    <PasswordInput label={t(`account.${name}`)} autoComplete={autoComplete} {...form.inputProps(name)} />
  );

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack maw={420}>
          <Title order={2} size="h4" id="password-title">
            {t('account.passwordTitle')}
          </Title>
          {input('password', 'current-password')}
          {input('newPassword', 'new-password')}
          {input('repeatPassword', 'new-password')}
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t('account.changePassword')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
