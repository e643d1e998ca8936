import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { session } from '../../api/client';
import { AuthCard } from './AuthCard';
import { useCompleteSignIn } from './signIn';

/** /login/auto?token=…[&refreshToken=…][&redirect=…]: a session handed over in the URL signs in and lands. */
export function AutoLoginPage() {
  const { t } = useTranslation();
  const { token, refreshToken, redirect } = useSearch({ from: '/login/auto' });
  const complete = useCompleteSignIn();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setFailed(true);
      return;
    }
    complete({ token, ...(refreshToken ? { refreshToken } : {}) }, redirect).catch(() => {
      session.clear();
      setFailed(true);
    });
  }, [token, refreshToken, redirect, complete]);

  return (
    <AuthCard title={t('login.autoTitle')}>
      {failed ? (
        <Stack>
          <Alert color="red" role="alert">
            {t('login.autoFailed')}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('login.title')}
          </Anchor>
        </Stack>
      ) : (
        <Loader aria-label={t('login.autoTitle')} />
      )}
    </AuthCard>
  );
}
