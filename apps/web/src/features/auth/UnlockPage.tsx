import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { submitUnlock } from './auth.api';
import { FollowLink } from './FollowLink';

/**
 * /login/unlock?token=…: the e-mailed link after too many failed sign-ins (docs/security.md). Taking it
 * gives this browser its own count of attempts, so the owner signs in here whatever others tried.
 */
export function UnlockPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ from: '/login/unlock' });
  return <FollowLink token={token} title={t('unlock.title')} done={t('unlock.done')} follow={submitUnlock} />;
}
