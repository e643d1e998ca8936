import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Loader } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './AuthCard';

/**
 * A page an e-mailed link opens (/verify-email, /login/unlock): takes the link's token once, then says
 * whether it worked and offers sign-in.
 */
export function FollowLink({
  token,
  title,
  done,
  follow,
}: {
  token: string | undefined;
  title: string;
  done: string;
  follow: (token: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'working' | 'done' | 'failed'>(token ? 'working' : 'failed');
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    follow(token)
      .then(() => setState('done'))
      .catch(() => setState('failed'));
  }, [token, follow]);

  return (
    <AuthCard title={title}>
      {state === 'working' && <Loader aria-label={title} />}
      {state === 'done' && (
        <Alert color="green" role="status">
          {done}
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
