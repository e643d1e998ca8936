import { Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PatchPasswordBody } from '@vitrine/core';
import { session } from '../../api/client';
import { useUnsavedChanges } from '../../lib/unsaved';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { patchPassword } from './account.api';

/** Change my password (spec §5: 'Not equal', 'Should not be equal'); other sessions end. */
export function PasswordForm() {
  const { t } = useTranslation();
  const empty = { password: '', newPassword: '', repeatPassword: '' };
  const form = useZodForm(PatchPasswordBody, empty);
  useUnsavedChanges(form.isDirty);
  const { busy, onSubmit } = useFormSubmit(form, patchPassword, {
    onSuccess: (pair) => {
      session.set(pair);
      form.restart(empty);
    },
  });

  const input = (name: keyof typeof empty, autoComplete: string) => (
    <PasswordInput label={t(`account.${name}`)} autoComplete={autoComplete} {...form.inputProps(name)} />
  );

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="password-title">
      <form onSubmit={onSubmit} noValidate>
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
