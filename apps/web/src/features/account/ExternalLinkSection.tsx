import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/client';
import { useConfirm } from '../../lib/confirm';
import { notifySuccess } from '../../lib/notify';
import {
  finishOidc,
  linkOidc,
  OIDC_IDENTITY_KEY,
  STATE_KEY,
  unlinkOidc,
  useOidcIdentity,
  useOidcProvider,
} from '../auth';

/**
 * The OpenID provider on /account-security: link the account (the provider returns to /login, which sends
 * a signed-in person here with the code; the state must match the one stored, spec §4) or unlink it.
 */
export function ExternalLinkSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const ask = useConfirm();
  const { data: provider } = useOidcProvider();
  const { data: identity } = useOidcIdentity(Boolean(provider?.name));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    const back = new URLSearchParams(window.location.search);
    const code = back.get('code');
    const state = back.get('state');
    if (!code || !state || handled.current) return;
    handled.current = true;
    const expected = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    window.history.replaceState(null, '', window.location.pathname);
    if (expected !== state) return;
    const iss = back.get('iss');
    setBusy(true);
    finishOidc({ code, state, ...(iss ? { iss } : {}) })
      .then(async (result) => {
        if (result.status !== 'linked') return;
        notifySuccess(t('external.done'));
        await client.invalidateQueries({ queryKey: OIDC_IDENTITY_KEY });
      })
      .catch((e: unknown) => setError(failureText(e)))
      .finally(() => setBusy(false));
  }, [client, t]);

  if (!provider?.name) return null;
  const link = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url, state } = await linkOidc();
      sessionStorage.setItem(STATE_KEY, state);
      window.location.assign(url);
    } catch (e) {
      setError(failureText(e));
      setBusy(false);
    }
  };
  const unlink = async () => {
    if (!(await ask(t('external.unlinkConfirm', { name: provider.name })))) return;
    await unlinkOidc();
    await client.invalidateQueries({ queryKey: OIDC_IDENTITY_KEY });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="external-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="external-title">
            {t('external.title', { name: provider.name })}
          </Title>
          <Badge color={identity?.linked ? 'green' : 'gray'} variant="light">
            {identity?.linked ? t('external.linked') : t('external.notLinked')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('external.help', { name: provider.name })}
        </Text>
        <LinkActions
          error={error}
          linkedAs={identity?.linked ? (identity.email ?? '') : null}
          busy={busy}
          onLink={() => void link()}
          onUnlink={() => void unlink()}
        />
      </Stack>
    </Paper>
  );
}

/**
 * The last failure, if any; then, linked (`linkedAs` the address the provider gave, possibly empty): the address and Unlink; else the
 * button that goes to the provider.
 */
function LinkActions({
  error,
  linkedAs,
  busy,
  onLink,
  onUnlink,
}: {
  error: string | null;
  linkedAs: string | null;
  busy: boolean;
  onLink: () => void;
  onUnlink: () => void;
}) {
  const { t } = useTranslation();
  const actions =
    linkedAs !== null ? (
      <Group>
        {linkedAs && <Text size="sm">{t('external.linkedAs', { email: linkedAs })}</Text>}
        <Button variant="default" onClick={onUnlink}>
          {t('external.unlink')}
        </Button>
      </Group>
    ) : (
      <Group>
        <Button leftSection={<IconKey size={16} />} loading={busy} onClick={onLink}>
          {t('external.link')}
        </Button>
      </Group>
    );
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {actions}
    </>
  );
}
