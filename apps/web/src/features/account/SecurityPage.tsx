import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from './PasswordForm';

/** /account-security: the password now; two-factor authentication joins with its own release. */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('account.securityTitle')}
      </Title>
      <PasswordForm />
    </Stack>
  );
}
