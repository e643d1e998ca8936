import type { ReactNode } from 'react';
import { Anchor, Box, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDatabase, IconDeviceDesktop, IconPlaylist } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatSize, type Dashboard } from '@vitrine/core';
import { usePermissions as useHas } from '../../lib/permissions';
import { formatPercent } from '../../lib/time';

/** The dashboard's cards: space used, screens by state, playlists by validity. */
function StatCard({
  title,
  icon,
  color,
  value,
  children,
}: {
  title: string;
  icon: ReactNode;
  color: string;
  value: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} size="h5">
            {title}
          </Title>
        </Group>
        <Text fz={28} fw={700} lh={1}>
          {value}
        </Text>
      </Group>
      {children}
    </Paper>
  );
}

/** One line of a card: a colored dot, a label and a count; a link to the list when the role has it. */
function CountRow({ label, count, color, to }: { label: string; count: number; color: string; to?: string }) {
  const content = (
    <Group justify="space-between" wrap="nowrap" py={4}>
      <Group gap={8} wrap="nowrap">
        <Box w={10} h={10} bg={`${color}.6`} style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />
        <Text size="sm">{label}</Text>
      </Group>
      <Text size="sm" fw={600}>
        {count}
      </Text>
    </Group>
  );
  return to ? (
    <Anchor component={Link} to={to} underline="hover" c="inherit">
      {content}
    </Anchor>
  ) : (
    content
  );
}

export function SpaceCard({ space }: { space: Dashboard['space'] }) {
  const { t, i18n } = useTranslation();
  const has = useHas();
  const share = space.quota > 0 ? Math.min(1, space.used / space.quota) : 0;
  // A few kilobytes of gigabytes would read 0%: say it is under a tenth of a percent instead.
  const percent =
    share > 0 && share < 0.001
      ? `< ${formatPercent(0.001, i18n.language)}`
      : formatPercent(share, i18n.language);
  return (
    <StatCard
      title={t('dashboard.space')}
      icon={<IconDatabase size={20} />}
      color="grape"
      value={space.quota > 0 ? percent : formatSize(space.used)}
    >
      <Stack gap={6}>
        <Progress.Root
          size="lg"
          radius="xl"
          role="progressbar"
          aria-label={t('dashboard.spaceUsedLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 1000) / 10}
          aria-valuetext={percent}
        >
          <Progress.Section
            withAria={false}
            value={share * 100}
            color={share > 0.9 ? 'red' : share > 0.75 ? 'orange' : 'grape'}
          />
        </Progress.Root>
        <Text size="sm">
          {t('dashboard.spaceUsed', { used: formatSize(space.used), quota: formatSize(space.quota) })}
        </Text>
        {has('files.route') && (
          <Anchor component={Link} to="/files" size="sm">
            {t('dashboard.openGallery')}
          </Anchor>
        )}
      </Stack>
    </StatCard>
  );
}

export function ScreensCard({ points }: { points: Dashboard['points'] }) {
  const { t } = useTranslation();
  const has = useHas();
  // The list has no filters in its address yet: every line opens it whole.
  const to = has('point.route') ? '/point' : undefined;
  return (
    <StatCard
      title={t('dashboard.screens')}
      icon={<IconDeviceDesktop size={20} />}
      color="blue"
      value={points.total}
    >
      <CountRow label={t('points.statuses.ONLINE')} count={points.online} color="green" to={to} />
      <CountRow label={t('points.statuses.OFFLINE')} count={points.offline} color="gray" to={to} />
      <CountRow label={t('dashboard.withoutContent')} count={points.withoutContent} color="orange" to={to} />
    </StatCard>
  );
}

export function PlaylistsCard({ playlists }: { playlists: Dashboard['playlists'] }) {
  const { t } = useTranslation();
  const has = useHas();
  const to = has('playlist.route') ? '/playlist' : undefined;
  return (
    <StatCard
      title={t('dashboard.playlists')}
      icon={<IconPlaylist size={20} />}
      color="teal"
      value={playlists.active + playlists.expiring + playlists.expired}
    >
      <CountRow label={t('playlists.expiration.ACTIVE')} count={playlists.active} color="green" to={to} />
      <CountRow
        label={t('playlists.expiration.EXPIRING')}
        count={playlists.expiring}
        color="orange"
        to={to}
      />
      <CountRow label={t('playlists.expiration.EXPIRED')} count={playlists.expired} color="gray" to={to} />
    </StatCard>
  );
}
