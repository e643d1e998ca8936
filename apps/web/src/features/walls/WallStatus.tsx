import { useState } from 'react';
import { Anchor, Badge, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { WALL_SYNC_GOAL_MS, type Wall, type WallTileStatus } from '@vitrine/core';
import { DaySchedule } from '../../components/schedule/DaySchedule';
import { StatusBadge } from '../../components/StatusBadge';
import { usePermission } from '../../lib/permissions';
import { useWallSchedule, useWallStatus } from './walls.api';

const ms = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** One tile: its screen (a link to its page, where its own commands are), status, step and skew. */
function Tile({ tile }: { tile: WallTileStatus }) {
  const { t, i18n } = useTranslation();
  const canOpen = usePermission('point.get');
  const place = t('walls.cell', { column: tile.column + 1, row: tile.row + 1 });
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="li"
      aria-label={place}
      data-testid="wall-tile"
      data-point={tile.pointId}
      style={{ gridColumn: tile.column + 1, gridRow: tile.row + 1, listStyle: 'none', minWidth: 0 }}
    >
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {place}
        </Text>
        {canOpen ? (
          <Anchor component={Link} to={`/point/${tile.pointId}`} fw={600} truncate>
            {tile.name}
          </Anchor>
        ) : (
          // A role that sees screens only in the overview gets the name, not a link to a page it may not open.
          <Text fw={600} truncate>
            {tile.name}
          </Text>
        )}
        <Group gap={6}>
          <StatusBadge status={tile.status} />
          <Badge
            variant="light"
            color={tile.synchronized ? 'teal' : 'gray'}
            data-testid="tile-sync"
            data-synchronized={tile.synchronized}
          >
            {t(tile.synchronized ? 'walls.inStep' : 'walls.notInStep')}
          </Badge>
        </Group>
        <Text size="sm" data-testid="tile-skew" data-p95={tile.p95 ?? ''}>
          {t('walls.skew', { p50: ms(tile.p50), p95: ms(tile.p95) })}
        </Text>
        <Text size="xs" c="dimmed">
          {tile.reportedAt
            ? t('walls.reportedAt', {
                time: new Date(tile.reportedAt).toLocaleTimeString(i18n.language),
              })
            : t('walls.noReport')}
        </Text>
        {tile.screenshotUrl && (
          <Image
            src={tile.screenshotUrl}
            alt={t('walls.screenshotOf', { name: tile.name })}
            radius="sm"
            fit="contain"
            h={90}
          />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A wall's life (docs/walls.md): every tile laid out as it hangs, with its status and the skew it
 * measured, the playlists on the wall and the wall's day, planned once for all its tiles.
 */
export function WallLive({ wall }: { wall: Wall }) {
  const { t } = useTranslation();
  const status = useWallStatus(wall.id);
  const [date, setDate] = useState<string | undefined>(undefined);
  const schedule = useWallSchedule(wall.id, date);
  const canOpenPlaylists = usePermission('playlist.get');
  const tiles = status.data?.tiles ?? [];
  const playlists = status.data?.playlists ?? [];
  return (
    <Stack>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="wall-tiles">
        <Stack>
          <Title order={2} size="h4" id="wall-tiles">
            {t('walls.tiles')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('walls.tilesHint', { goal: WALL_SYNC_GOAL_MS })}
          </Text>
          {tiles.length === 0 ? (
            <Text c="dimmed">{t('walls.noTiles')}</Text>
          ) : (
            <SimpleGrid
              component="ul"
              p={0}
              m={0}
              style={{
                display: 'grid',
                gridTemplateColumns: `repeat(${wall.width}, minmax(0, 1fr))`,
                overflowX: 'auto',
              }}
            >
              {tiles.map((tile) => (
                <Tile key={tile.pointId} tile={tile} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="wall-playlists">
        <Stack gap="xs">
          <Title order={2} size="h4" id="wall-playlists">
            {t('walls.playlists')}
          </Title>
          {playlists.length === 0 ? (
            <Text c="dimmed">{t('walls.noPlaylists')}</Text>
          ) : (
            <Group gap="sm">
              {playlists.map((p) =>
                canOpenPlaylists ? (
                  <Anchor key={p.id} component={Link} to={`/playlist/${p.id}`}>
                    {p.name}
                  </Anchor>
                ) : (
                  <Text key={p.id}>{p.name}</Text>
                ),
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="wall-schedule">
        <Stack>
          <Title order={2} size="h4" id="wall-schedule">
            {t('walls.schedule')}
          </Title>
          {wall.cells.length === 0 ? (
            <Text c="dimmed">{t('walls.noTiles')}</Text>
          ) : (
            <DaySchedule allowed date={date} setDate={setDate} result={schedule} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
