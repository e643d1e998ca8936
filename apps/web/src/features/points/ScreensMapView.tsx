import { Suspense, lazy, useMemo } from 'react';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '@vitrine/core';
import type { MapScreen } from './LocationMap';
import { usePoints, type PointsQuery } from './points.api';

/** Leaflet comes with the map view only. */
const ScreensMap = lazy(() => import('./LocationMap').then((m) => ({ default: m.ScreensMap })));

/** The screens on a map: every screen the filters list (not one page of them) that has a location. */
export function ScreensMapView({ filters }: { filters: PointsQuery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: all } = usePoints({ ...filters, page: 1, limit: MAX_PAGE_SIZE });
  const placed = useMemo<MapScreen[]>(
    () =>
      (all?.points ?? []).flatMap((p) =>
        p.location ? [{ id: p.id, name: p.name, status: p.status, location: p.location }] : [],
      ),
    [all],
  );
  return (
    <Stack gap="xs">
      <Suspense fallback={<Skeleton h={480} aria-label={t('points.map.loading')} />}>
        <ScreensMap screens={placed} onOpen={(id) => void navigate({ to: `/point/${id}` })} />
      </Suspense>
      {all && all.points.length > placed.length && (
        <Text size="sm" c="dimmed">
          {t('points.map.unplaced', { count: all.points.length - placed.length })}
        </Text>
      )}
    </Stack>
  );
}
