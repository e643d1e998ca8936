import { useMemo, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type Point } from '@vitrine/core';
import { usePlaylistActions, usePlaylists } from '../../playlists';
import { formatDuration, formatMinutes, intlLocale } from '../../../lib/time';
import { useConnections, usePointActions, useScreenshot } from '../points.api';
import { connectionBars, noConnections } from './connectionHours';

import { Block, bytes, useHas, when } from './shared';
import { nativeRows } from './nativeRows';

/** The latest screenshot, asked for on demand; it refreshes itself when the player sends one. */
function Preview({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const { data } = useScreenshot(point.id);
  const actions = usePointActions();
  return (
    <Block title={t('points.preview')}>
      {data?.url ? (
        <Image src={data.url} alt={t('points.screenshotOf', { name: point.name })} radius="sm" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('points.noScreenshot')}
        </Text>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('points.takenAt', { date: when(data?.takenAt ?? null) })}
        </Text>
        {has('point.screenshot') && (
          <Button
            size="xs"
            variant="light"
            onClick={() => actions.command.mutate({ path: 'ajax-get-point-screen', ids: [point.id] })}
          >
            {t('points.commands.screenshot')}
          </Button>
        )}
      </Group>
    </Block>
  );
}

/** Online minutes per hour for the last 48 hours, with disconnections marked (spec §2 connection chart). */
function ConnectionChart({ point }: { point: Point }) {
  const { t, i18n } = useTranslation();
  const has = useHas();
  const { data } = useConnections(point.id, has('point.onlineStats'));
  const hours = useMemo(() => connectionBars(data ?? [], Date.now()), [data]);
  if (!has('point.onlineStats')) return null;
  const total = hours.reduce((n, h) => n + h.drops, 0);
  // A screen not online in the window (a new one, say) gets a sentence, not an empty box.
  if (data && noConnections(hours))
    return (
      <Block title={t('points.connection')}>
        <Text size="sm" c="dimmed" data-testid="connection-empty">
          {t(point.lastSeen ? 'points.connectionNone' : 'points.connectionNever')}
        </Text>
      </Block>
    );
  return (
    <Block title={t('points.connection')}>
      <svg
        viewBox="0 0 480 80"
        width="100%"
        role="img"
        aria-label={t('points.connectionSummary', { count: total, total: point.disconnections })}
      >
        {hours.map((h, i) => (
          <g key={h.at}>
            <rect
              x={i * 10 + 1}
              y={70 - (h.minutes / 60) * 60}
              width={8}
              height={(h.minutes / 60) * 60}
              fill="#40c057"
            >
              <title>
                {`${new Date(h.at).toLocaleString(intlLocale(i18n.language))}: ${formatMinutes(h.minutes, i18n.language)}, ${t('counts.disconnections', { count: h.drops })}`}
              </title>
            </rect>
            {h.drops > 0 && <circle cx={i * 10 + 5} cy={75} r={3} fill="#fa5252" />}
          </g>
        ))}
      </svg>
      <Text size="xs" c="dimmed">
        {t('points.connectionSummary', { count: total, total: point.disconnections })}
      </Text>
    </Block>
  );
}

function ApplyPlaylists({ point, onClose }: { point: Point; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const { data } = usePlaylists({ limit: 1000, expiration: 'notexpired' });
  const { apply } = usePlaylistActions();
  return (
    <Modal opened onClose={onClose} title={t('points.applyPlaylists')} centered>
      <Stack>
        <MultiSelect
          label={t('menu.playlists')}
          searchable
          data={(data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={chosen}
          onChange={setChosen}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={apply.isPending}
            onClick={() =>
              apply.mutate({ playlists: chosen.map(Number), points: [point.id] }, { onSuccess: onClose })
            }
          >
            {t('playlists.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ContentTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const [applying, setApplying] = useState(false);
  const { data } = usePlaylists({ point: point.id, limit: 100 });
  const report = point.player;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Stack>
        <Block title={t('points.playlists')}>
          {(data?.list ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {/* Reached, yet by none of its own or its networks' playlists: it plays its wall's. */}
              {point.hasContent ? t('points.playsWall') : t('points.noContent')}
            </Text>
          ) : (
            <Stack gap={4}>
              {data!.list.map((p) => (
                <Group key={p.id} justify="space-between">
                  <Anchor component={Link} to={`/playlist/${p.id}`}>
                    {p.name}
                  </Anchor>
                  <Badge variant="light">{t(`playlists.types.${p.type}`)}</Badge>
                </Group>
              ))}
            </Stack>
          )}
          {has('playlist.patch') && (
            <Group>
              <Button size="xs" variant="light" onClick={() => setApplying(true)}>
                {t('points.applyPlaylists')}
              </Button>
            </Group>
          )}
        </Block>
        <Block title={t('points.device')}>
          <Table>
            <Table.Tbody>
              {[
                [t('points.uid'), point.uid],
                [
                  t('points.player'),
                  report ? `${report.version}${report.native ? ` (${t('points.native')})` : ''}` : '—',
                ],
                ...nativeRows(t, report),
                [t('points.resolution'), report?.resolution ?? '—'],
                [t('points.freeStorage'), bytes(report?.freeStorage)],
                [t('points.currentItem'), report?.currentItem ?? '—'],
                [t('points.uptime'), report ? formatDuration(report.uptime) : '—'],
                [t('points.lastSeen'), when(point.lastSeen)],
                [t('points.syncTime'), when(point.sync_time)],
                [t('points.goneOffline'), when(point.dt_gone_offline)],
                [t('points.disconnections'), String(point.disconnections)],
              ].map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Block>
      </Stack>
      <Stack>
        <Preview point={point} />
        <ConnectionChart point={point} />
      </Stack>
      {applying && <ApplyPlaylists point={point} onClose={() => setApplying(false)} />}
    </SimpleGrid>
  );
}
