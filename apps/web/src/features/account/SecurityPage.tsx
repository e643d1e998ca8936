import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../auth';
import { PasswordForm } from './PasswordForm';
import { TwoFaSection } from './TwoFaSection';
import { MessengerSection } from './MessengerSection';
import { ExternalLinkSection } from './ExternalLinkSection';

/** /account-security: the password, two-factor authentication and the notification messenger (spec §2, §4). */
export function SecurityPage() {
  const { t } = useTranslation();
  const { data: info } = useUserInfo();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('account.securityTitle')}
      </Title>
      {info?.twoFaSetupRequired && (
        <Alert color="orange" role="alert" title={t('account.twoFaSetupTitle')}>
          {t('account.twoFaSetupText')}
        </Alert>
      )}
      <PasswordForm />
      <TwoFaSection />
      <ExternalLinkSection />
      <MessengerSection />
    </Stack>
  );
}
