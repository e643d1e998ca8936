import { useState } from 'react';
import {
  Badge,
  Button,
  Code,
  Group,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DisableTwoFaBody, TwoFaCode, type TwoFaSubscription } from '@vitrine/core';
import { z } from 'zod';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { USER_INFO_KEY } from '../auth';
import { ACCOUNT_KEY, useAccount } from './account.api';
import { RecoveryCodes } from './RecoveryCodes';
import { disableTwoFa, enableTwoFa, getTwoFaSubscription, regenerateRecoveryCodes } from './security.api';

const ConfirmBody = z.strictObject({ code: TwoFaCode });

/** Step 2 of enabling: the QR code (and the secret, to type by hand), confirmed with a code. */
function Confirm({ sub, onEnabled }: { sub: TwoFaSubscription; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ConfirmBody, { code: '' });
  const { busy, onSubmit } = useFormSubmit(
    form,
    (body) => enableTwoFa({ secret: sub.secret, code: body.code }),
    { onSuccess: (res) => onEnabled(res.codes) },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={420}>
        <Text size="sm">{t('twofa.scan')}</Text>
        <Image src={sub.qr} alt={t('twofa.qrAlt')} w={200} h={200} bg="white" p={4} radius="sm" />
        <Text size="sm">
          {t('twofa.secretLabel')} <Code data-testid="twofa-secret">{sub.secret}</Code>
        </Text>
        <TextInput
          label={t('twofa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          {...form.inputProps('code')}
        />
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {t('twofa.confirm')}
        </Button>
      </Stack>
    </form>
  );
}

/** Turning off or renewing the codes: a current code or the password proves it is the owner. */
function Manage({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const empty = { code: undefined, password: undefined };
  const form = useZodForm(DisableTwoFaBody, empty);
  const [action, setAction] = useState<'disable' | 'regenerate'>('disable');
  const { busy, onSubmit } = useFormSubmit(
    form,
    (body) => (action === 'disable' ? disableTwoFa(body).then(() => null) : regenerateRecoveryCodes(body)),
    {
      onSuccess: async (res) => {
        form.setValues(empty);
        if (res) onCodes(res.codes);
        await client.invalidateQueries({ queryKey: ACCOUNT_KEY });
      },
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={420}>
        <Text size="sm">{t('twofa.proveHelp')}</Text>
        <TextInput
          label={t('twofa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          {...form.inputProps('code', { optional: true })}
        />
        <PasswordInput
          label={t('account.password')}
          autoComplete="current-password"
          {...form.inputProps('password', { optional: true })}
        />
        <Group>
          <Button
            type="submit"
            color="red"
            variant="light"
            loading={busy && action === 'disable'}
            onClick={() => setAction('disable')}
          >
            {t('twofa.disable')}
          </Button>
          <Button
            type="submit"
            variant="default"
            loading={busy && action === 'regenerate'}
            onClick={() => setAction('regenerate')}
          >
            {t('twofa.regenerate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The two-factor part of /account-security (spec §4: a secret shown as QR plus a 6-digit code). */
export function TwoFaSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: account } = useAccount();
  const [sub, setSub] = useState<TwoFaSubscription | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const on = account?.isTwoFaEnabled ?? false;

  const start = async () => {
    setStarting(true);
    try {
      setSub(await getTwoFaSubscription());
    } finally {
      setStarting(false);
    }
  };
  const enabled = async (fresh: string[]) => {
    setSub(null);
    setCodes(fresh);
    await client.invalidateQueries({ queryKey: ACCOUNT_KEY });
    // A cabinet that waited for it opens up again.
    await client.invalidateQueries({ queryKey: USER_INFO_KEY });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="twofa-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="twofa-title">
            {t('twofa.title')}
          </Title>
          <Badge color={on ? 'green' : 'gray'} variant="light">
            {on ? t('twofa.on') : t('twofa.off')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('twofa.help')}
        </Text>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : on ? (
          <>
            <Text size="sm">{t('twofa.codesLeft', { count: account?.recoveryCodesLeft ?? 0 })}</Text>
            <Manage onCodes={setCodes} />
          </>
        ) : sub ? (
          <Confirm sub={sub} onEnabled={(c) => void enabled(c)} />
        ) : (
          <Button onClick={() => void start()} loading={starting} style={{ alignSelf: 'flex-start' }}>
            {t('twofa.enable')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
