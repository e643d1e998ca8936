import { createRoute, redirect } from '@tanstack/react-router';
import {
  POINT_TABS,
  pointTabPath,
  type NetListQuery,
  type PointListQuery,
  type WallListQuery,
} from '@vitrine/core';
import { listAddress } from '../../lib/list/search';
import { loadUser } from '../../features/auth/session';
import { bindSearch } from '../../features/points/bindSearch';
import { lastPoint } from '../../features/points/lastPoint';
import { holds } from '../../lib/permissions';
import { middleware } from '../middleware';
import { appRoute, lazy, listPage, page } from './kit';

/** The screens: points and their tabs, video walls, networks. */
export const screenRoutes = [
  listPage(
    '/point',
    ['can:point.route'],
    lazy(() => import('../../features/points/PointsPage'), 'PointsPage'),
    listAddress<PointListQuery>(),
    bindSearch,
  ),
  page(
    '/point/$id',
    ['can:point.route', 'id'],
    lazy(() => import('../../features/points/PointPage'), 'PointContentPage'),
  ),
  page(
    '/point/schedule/$id',
    ['can:point.route', 'id'],
    lazy(() => import('../../features/points/PointPage'), 'PointSchedulePage'),
  ),
  page(
    '/point/windows/$id',
    ['can:point.route', 'id'],
    lazy(() => import('../../features/points/PointPage'), 'PointWindowsPage'),
  ),
  page(
    '/point/settings/$id',
    ['can:point.route', 'id'],
    lazy(() => import('../../features/points/PointPage'), 'PointSettingsPage'),
  ),
  page(
    '/point/audience/$id',
    ['can:point.route', 'id'],
    lazy(() => import('../../features/points/PointPage'), 'PointAudiencePage'),
  ),
  page(
    '/point/stream/$id',
    ['can:point.route', 'id'],
    lazy(() => import('../../features/points/PointPage'), 'PointStreamPage'),
  ),
  page(
    '/point/log/$id',
    ['can:point.route', 'id'],
    lazy(() => import('../../features/points/PointPage'), 'PointLogPage'),
  ),
  // Spec §2: a point tab's id is optional: the screen last opened here is shown, or the list opens.
  ...POINT_TABS.filter((tab) => tab !== 'content').map((tab) =>
    createRoute({
      getParentRoute: () => appRoute,
      path: `/point/${tab}`,
      beforeLoad: async (args) => {
        await middleware('can:point.route')(args);
        const last = lastPoint.get();
        if (last !== null && holds(await loadUser(args.context.queryClient), 'point.get')) {
          throw redirect({ href: pointTabPath(tab, last) });
        }
        throw redirect({ to: '/point' });
      },
    }),
  ),
  listPage(
    '/wall',
    ['can:wall.route'],
    lazy(() => import('../../features/walls/WallsPage'), 'WallsPage'),
    listAddress<WallListQuery>(),
  ),
  page(
    '/wall/create',
    ['can:wall.create'],
    lazy(() => import('../../features/walls/WallEditPage'), 'WallEditPage'),
  ),
  page(
    '/wall/$id',
    ['can:wall.route', 'id'],
    lazy(() => import('../../features/walls/WallEditPage'), 'WallEditPage'),
  ),
  listPage(
    '/net',
    ['can:net.route'],
    lazy(() => import('../../features/nets/NetsPage'), 'NetsPage'),
    listAddress<NetListQuery>(),
  ),
];
