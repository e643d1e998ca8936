import { useEffect } from 'react';
import { Alert, Anchor, Badge, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { POINT_TABS, pointTabPath, type PointTab } from '@vitrine/core';
import { PointSchedule } from './PointSchedule';
import { PointAudience } from './PointAudience';
import { StatusBadge } from '../../components/StatusBadge';
import { SyncBadge, SyncPendingText } from './SyncState';
import { lastPoint } from './lastPoint';
import { usePoint } from './points.api';
import { useWallOfPoint } from '../walls';
import { usePermission } from '../../lib/permissions';

import { AudienceTab } from './screen/AudienceTab';
import { CommandsMenu } from './screen/CommandsMenu';
import { ContentTab } from './screen/ContentTab';
import { LogTab } from './screen/LogTab';
import { SettingsTab } from './screen/SettingsTab';
import { StreamTab } from './screen/StreamTab';
import { WindowsTab } from './screen/WindowsTab';

/** A screen that is a cell of a video wall plays the wall's picture: said, with a link to the wall. */
function InWall({ pointId }: { pointId: number }) {
  const { t } = useTranslation();
  const allowed = usePermission('wall.route');
  const { data } = useWallOfPoint(pointId, allowed);
  const wall = data?.items[0];
  if (!wall) return null;
  const cell = wall.cells.find((c) => c.pointId === pointId);
  return (
    <Alert color="blue" data-testid="point-in-wall">
      <Group gap="xs">
        <Text size="sm">
          {t('points.inWall', {
            name: wall.name,
            column: (cell?.column ?? 0) + 1,
            row: (cell?.row ?? 0) + 1,
          })}
        </Text>
        <Anchor component={Link} to={`/wall/${wall.id}`} size="sm">
          {t('points.openWall')}
        </Anchor>
      </Group>
    </Alert>
  );
}

/**
 * A role that sees screens only in the overview (an observer: point.route without point.get) opening a
 * screen's address: a sentence and the way to what it may see, not a refused request.
 */
function OverviewOnly() {
  const { t } = useTranslation();
  return (
    <Stack data-testid="point-overview-only">
      <Title order={1} size="h2">
        {t('points.overviewOnlyTitle')}
      </Title>
      <Text>{t('points.overviewOnly')}</Text>
      <Anchor component={Link} to="/point">
        {t('points.openOverview')}
      </Anchor>
    </Stack>
  );
}

/** /point/{id} and /point/{tab}/{id}: one screen, its status, commands and tabs (spec §2). */
function PointPage({ tab }: { tab: PointTab }) {
  const canGet = usePermission('point.get');
  return canGet ? <ScreenPage tab={tab} /> : <OverviewOnly />;
}

function ScreenPage({ tab }: { tab: PointTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams({ strict: false });
  const id = Number(params.id);
  const { data: point, isLoading } = usePoint(id);
  useEffect(() => {
    if (point) lastPoint.set(point.id);
  }, [point]);
  if (!point)
    return isLoading ? <Loader aria-label={t('points.loading')} /> : <Text>{t('errors.NOT_FOUND')}</Text>;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {point.name}
          </Title>
          <Group gap="xs">
            <StatusBadge status={point.status} displayOff={point.displayOff} />
            <SyncBadge point={point} />
            {point.isStoped && <Badge color="red">{t('points.stopped')}</Badge>}
            <Text size="sm" c="dimmed">
              {point.uid}
            </Text>
          </Group>
          <SyncPendingText point={point} />
        </Stack>
        <CommandsMenu point={point} />
      </Group>
      {point.isStoped && <Alert color="red">{t('points.stoppedHelp')}</Alert>}
      <InWall pointId={point.id} />
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate({ to: pointTabPath(value as PointTab, id) })}
      >
        <Tabs.List>
          {POINT_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`pointTabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'content' && <ContentTab point={point} />}
      {tab === 'schedule' && <PointSchedule point={point} />}
      {tab === 'settings' && <SettingsTab point={point} />}
      {tab === 'windows' && <WindowsTab point={point} />}
      {tab === 'audience' && (
        <>
          <AudienceTab point={point} />
          <PointAudience point={point} />
        </>
      )}
      {tab === 'stream' && <StreamTab point={point} />}
      {tab === 'log' && <LogTab point={point} />}
    </Stack>
  );
}

export const PointContentPage = () => <PointPage tab="content" />;
export const PointSchedulePage = () => <PointPage tab="schedule" />;
export const PointSettingsPage = () => <PointPage tab="settings" />;
export const PointWindowsPage = () => <PointPage tab="windows" />;
export const PointAudiencePage = () => <PointPage tab="audience" />;
export const PointStreamPage = () => <PointPage tab="stream" />;
export const PointLogPage = () => <PointPage tab="log" />;
