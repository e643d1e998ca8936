import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { verifyEmail } from './auth.api';
import { FollowLink } from './FollowLink';

/** /verify-email?token=…: confirms the address (or makes the registered account) once, then offers sign-in. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ from: '/verify-email' });
  return <FollowLink token={token} title={t('verify.title')} done={t('verify.done')} follow={verifyEmail} />;
}
