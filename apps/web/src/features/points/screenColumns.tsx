import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import type { Point } from '@vitrine/core';
import type { Column } from '../../lib/list/DataTable';
import { StatusBadge } from '../../components/StatusBadge';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The screens list's columns: name (with uid and address), status, sync, networks, last seen, player. */
export const screenColumns = (t: TFunction): Column<Point>[] => [
  {
    key: 'name',
    header: t('points.name'),
    cell: (p) => (
      <Stack gap={0}>
        <Anchor component={Link} to={`/point/${p.id}`}>
          {p.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {p.uid}
          {p.address ? ` · ${p.address}` : ''}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'status',
    header: t('points.status'),
    cell: (p) => (
      <Group gap={4}>
        <StatusBadge status={p.status} displayOff={p.displayOff} />
        {p.isStoped && (
          <Badge color="red" variant="outline" size="sm">
            {t('points.stopped')}
          </Badge>
        )}
        {!p.hasContent && (
          <Badge color="gray" variant="outline" size="sm">
            {t('points.noContent')}
          </Badge>
        )}
      </Group>
    ),
  },
  {
    key: 'sync',
    header: t('points.sync'),
    cell: (p) => <Text size="sm">{t(`points.syncStatuses.${p.syncStatus}`)}</Text>,
  },
  {
    key: 'nets',
    header: t('points.networks'),
    cell: (p) => (
      <Group gap={4}>
        {p.net.map((n) => (
          <Badge key={n.id} variant="light" size="sm" color={n.color ?? 'gray'}>
            {n.name}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    key: 'seen',
    header: t('points.lastSeen'),
    cell: (p) => <Text size="sm">{when(p.status === 'GONE_OFFLINE' ? p.dt_gone_offline : p.lastSeen)}</Text>,
  },
  {
    key: 'player',
    header: t('points.player'),
    cell: (p) => <Text size="sm">{p.player ? `${p.player.version} · ${p.player.resolution}` : '—'}</Text>,
  },
];
