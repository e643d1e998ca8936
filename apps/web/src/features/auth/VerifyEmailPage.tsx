import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Loader } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { verifyEmail } from './auth.api';
import { AuthCard } from './AuthCard';

/** /verify-email?token=…: confirms the address once, then offers sign-in. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ from: '/verify-email' });
  const [state, setState] = useState<'working' | 'done' | 'failed'>(token ? 'working' : 'failed');
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    verifyEmail(token)
      .then(() => setState('done'))
      .catch(() => setState('failed'));
  }, [token]);

  return (
    <AuthCard title={t('verify.title')}>
      {state === 'working' && <Loader aria-label={t('verify.title')} />}
      {state === 'done' && (
        <Alert color="green" role="status">
          {t('verify.done')}
        </Alert>
      )}
      {state === 'failed' && (
        <Alert color="red" role="alert">
          {t('errors.LINK_INVALID')}
        </Alert>
      )}
      <Anchor component={Link} to="/login">
        {t('login.title')}
      </Anchor>
    </AuthCard>
  );
}
