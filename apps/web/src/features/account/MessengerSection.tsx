import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_KINDS, type AlertKind, type Messenger } from '@vitrine/core';
import { failureText } from '../../api/client';
import { ACCOUNT_KEY, useAccount } from './account.api';
import { saveAlerts, subscribeMessenger, unsubscribeMessenger } from './messenger.api';

/**
 * The notification messenger and the alerts chosen (spec §2, §4): subscribing shows the bot's deep link,
 * opened in Telegram; the chat is linked once the bot receives it. Without a chat, alerts come by e-mail.
 */
export function MessengerSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: account } = useAccount();
  const [pending, setPending] = useState<Messenger | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const messenger = account?.messenger ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: ACCOUNT_KEY });

  const subscribe = async () => {
    setBusy(true);
    setError(null);
    try {
      setPending(await subscribeMessenger());
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const unsubscribe = async () => {
    await unsubscribeMessenger();
    setPending(null);
    await refresh();
  };
  const toggle = async (kind: AlertKind, on: boolean) => {
    const current = account?.alerts ?? [...ALERT_KINDS];
    await saveAlerts({ alerts: on ? [...current, kind] : current.filter((k) => k !== kind) });
    await refresh();
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="messenger-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="messenger-title">
            {t('messenger.title')}
          </Title>
          <Badge color={messenger?.linked ? 'green' : 'gray'} variant="light">
            {messenger?.linked ? t('messenger.linked') : t('messenger.notLinked')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('messenger.help')}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {messenger?.linked ? (
          <Group>
            <Text size="sm">
              {t('messenger.linkedAs', { name: messenger.username ? `@${messenger.username}` : 'Telegram' })}
            </Text>
            <Button variant="default" onClick={() => void unsubscribe()}>
              {t('messenger.unsubscribe')}
            </Button>
          </Group>
        ) : pending?.link ? (
          <OpenBotLink link={pending.link} onCheck={() => void refresh()} />
        ) : (
          <Button
            leftSection={<IconBrandTelegram size={16} />}
            onClick={() => void subscribe()}
            loading={busy}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('messenger.subscribe')}
          </Button>
        )}
        <AlertChoices chosen={account?.alerts ?? []} onToggle={(kind, on) => void toggle(kind, on)} />
      </Stack>
    </Paper>
  );
}

/** The bot's deep link to open in Telegram, and a check whether the chat is linked yet. */
function OpenBotLink({ link, onCheck }: { link: string; onCheck: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm">{t('messenger.openLink')}</Text>
      <Group>
        <Anchor href={link} target="_blank" rel="noopener noreferrer">
          <Group gap={6}>
            <IconBrandTelegram size={18} />
            {t('messenger.open')}
          </Group>
        </Anchor>
        <Button variant="default" size="xs" onClick={onCheck}>
          {t('messenger.check')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The alerts a person chose to receive. */
function AlertChoices({
  chosen,
  onToggle,
}: {
  chosen: AlertKind[];
  onToggle: (kind: AlertKind, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={t('messenger.alerts')} value={chosen}>
      <Stack gap={6} mt={6}>
        {ALERT_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            value={kind}
            label={t(`messenger.kinds.${kind}`)}
            onChange={(e) => onToggle(kind, e.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
