import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/client';
import { requestUnlock } from './auth.api';

/**
 * Shown when sign-in is locked after too many wrong passwords (SIGN_IN_LOCKED): the way in is a link
 * e-mailed to the account, which unlocks sign-in in the browser it is opened in (docs/security.md).
 */
export function UnlockOffer({ login }: { login: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setState('busy');
    setError(null);
    try {
      await requestUnlock(login.trim());
      setState('sent');
    } catch (e) {
      setError(failureText(e));
      setState('idle');
    }
  };

  return (
    <Alert color="orange" role="alert" mb="md" data-testid="unlock-offer">
      <Stack gap="xs">
        <Text size="sm">{t('login.lockedHint')}</Text>
        {state === 'sent' ? (
          <Text size="sm" role="status">
            {t('login.unlockSent')}
          </Text>
        ) : (
          <Button
            size="xs"
            variant="light"
            loading={state === 'busy'}
            disabled={!login.trim()}
            onClick={() => void send()}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('login.sendUnlock')}
          </Button>
        )}
        {error && (
          <Text size="sm" c="red">
            {error}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
