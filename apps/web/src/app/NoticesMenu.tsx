import { ActionIcon, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notices, useNotices, type NoticeKind } from '../lib/notices';
import { intlLocale } from '../lib/time';

const DOT: Record<NoticeKind, string> = {
  success: 'var(--mantine-color-green-6)',
  error: 'var(--mantine-color-red-6)',
  warning: 'var(--mantine-color-yellow-6)',
  info: 'var(--mantine-color-blue-6)',
};

/** The top bar's bell: every notification of this visit, whole and newest first (toasts cut them to 25). */
export function NoticesMenu() {
  const { t, i18n } = useTranslation();
  const list = useNotices();
  const unread = list.filter((n) => !n.read).length;
  const time = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (
    <Popover position="bottom-end" width={360} withinPortal onOpen={() => notices.markRead()}>
      <Popover.Target>
        <Indicator disabled={unread === 0} label={unread} size={16} offset={4}>
          <ActionIcon variant="subtle" size="lg" aria-label={t('notify.history')}>
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('notify.history')}</Text>
          {list.length > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={() => notices.clear()}>
              {t('notify.clear')}
            </Button>
          )}
        </Group>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('notify.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              data-testid="notice-history"
            >
              {list.map((notice) => (
                <Group
                  key={notice.id}
                  component="li"
                  gap="xs"
                  wrap="nowrap"
                  align="flex-start"
                  data-kind={notice.kind}
                >
                  <Box
                    aria-hidden
                    mt={6}
                    w={8}
                    h={8}
                    style={{ borderRadius: '50%', background: DOT[notice.kind], flex: 'none' }}
                  />
                  <Stack gap={0}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {notice.message}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`notify.kinds.${notice.kind}`)} · {time.format(notice.at)}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
