import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from './PasswordForm';
import { TwoFaSection } from './TwoFaSection';
import { MessengerSection } from './MessengerSection';

/** /account-security: the password, two-factor authentication and the notification messenger (spec §2, §4). */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('account.securityTitle')}
      </Title>
      <PasswordForm />
      <TwoFaSection />
      <MessengerSection />
    </Stack>
  );
}
