import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/client';
import { finishOidc, startOidc, useOidcProvider } from './auth.api';
import { useCompleteSignIn } from './signIn';

/** Where the state of an external sign-in waits for the provider's return (spec §4). */
export const STATE_KEY = 'vitrine_oidc_state';

/**
 * Sign-in with the configured OpenID provider (spec §7): the state is stored before leaving, and on
 * return to /login it must match or the callback is silently ignored (spec §4, §8).
 */
export function ExternalSignIn({
  code,
  state,
  iss,
  redirect,
}: {
  code?: string;
  state?: string;
  iss?: string;
  redirect?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const complete = useCompleteSignIn();
  const { data: provider } = useOidcProvider();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (!code || !state || handled.current) return;
    handled.current = true;
    const expected = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    void navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true });
    if (expected !== state) return;
    setBusy(true);
    finishOidc({ code, state, ...(iss ? { iss } : {}) })
      .then(async (result) => {
        if (result.status === 'signedIn' && result.token)
          await complete(
            { token: result.token, ...(result.refreshToken ? { refreshToken: result.refreshToken } : {}) },
            redirect,
          );
      })
      .catch((e: unknown) => setError(failureText(e)))
      .finally(() => setBusy(false));
  }, [code, state, iss, redirect, navigate, complete]);

  if (!provider?.name) return null;
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url, state: fresh } = await startOidc();
      sessionStorage.setItem(STATE_KEY, fresh);
      window.location.assign(url);
    } catch (e) {
      setError(failureText(e));
      setBusy(false);
    }
  };
  return (
    <>
      <Divider label={t('login.or')} my="md" />
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      <Button
        variant="default"
        fullWidth
        leftSection={<IconKey size={16} />}
        loading={busy}
        onClick={() => void go()}
      >
        {t('login.external', { name: provider.name })}
      </Button>
    </>
  );
}
