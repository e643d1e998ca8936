import { createRoute } from '@tanstack/react-router';
import type { PlaylistListQuery, PluginListQuery, StudioListQuery } from '@vitrine/core';
import { listAddress } from '../../lib/list/search';
import { middleware } from '../middleware';
import { appRoute, lazy, listPage, page } from './kit';

/** What screens show: playlists, the file gallery's views, creations, plugins and widgets. */
export const contentRoutes = [
  listPage(
    '/playlist',
    ['can:playlist.route'],
    lazy(() => import('../../features/playlists/PlaylistsPage'), 'PlaylistsPage'),
    listAddress<PlaylistListQuery>(),
  ),
  page(
    '/playlist/create',
    ['can:playlist.create'],
    lazy(() => import('../../features/playlists/PlaylistEditPage'), 'PlaylistEditPage'),
  ),
  page(
    '/playlist/$id',
    ['can:playlist.route', 'id'],
    lazy(() => import('../../features/playlists/PlaylistEditPage'), 'PlaylistEditPage'),
  ),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/files',
    validateSearch: (search: Record<string, unknown>): { folder?: number } => {
      const folder = Number(search.folder);
      return Number.isInteger(folder) && folder > 0 ? { folder } : {};
    },
    beforeLoad: middleware('can:files.route'),
    component: lazy(() => import('../../features/files/GalleryPage'), 'HomeGalleryPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/files/stock',
    validateSearch: (search: Record<string, unknown>): { folder?: number } => {
      const folder = Number(search.folder);
      return Number.isInteger(folder) && folder > 0 ? { folder } : {};
    },
    beforeLoad: middleware('can:files.route'),
    component: lazy(() => import('../../features/files/GalleryPage'), 'StockGalleryPage'),
  }),
  page(
    '/files/recent',
    ['can:files.route'],
    lazy(() => import('../../features/files/GalleryPage'), 'RecentGalleryPage'),
  ),
  page(
    '/files/favorite',
    ['can:files.route'],
    lazy(() => import('../../features/files/GalleryPage'), 'FavoriteGalleryPage'),
  ),
  page(
    '/files/widget',
    ['can:files.route'],
    lazy(() => import('../../features/files/GalleryPage'), 'WidgetGalleryPage'),
  ),
  page(
    '/files/creation',
    ['can:files.route'],
    lazy(() => import('../../features/files/GalleryPage'), 'CreationGalleryPage'),
  ),
  page(
    '/files/plugin',
    ['can:files.route'],
    lazy(() => import('../../features/files/GalleryPage'), 'PluginGalleryPage'),
  ),
  listPage(
    '/creations',
    ['can:creations.route'],
    lazy(() => import('../../features/studio/StudioListPage'), 'CreationsPage'),
    listAddress<StudioListQuery>(),
  ),
  page(
    '/creations/$id',
    ['can:creations.route'],
    lazy(() => import('../../features/studio/StudioEditorPage'), 'CreationEditorPage'),
  ),
  listPage(
    '/plugins',
    ['can:plugins.route'],
    lazy(() => import('../../features/plugins/PluginsPage'), 'PluginsPage'),
    listAddress<PluginListQuery>(),
  ),
  listPage(
    '/widgets',
    ['can:widgets.route'],
    lazy(() => import('../../features/studio/StudioListPage'), 'WidgetsPage'),
    listAddress<StudioListQuery>(),
  ),
  page(
    '/widgets/$id',
    ['can:widgets.route'],
    lazy(() => import('../../features/studio/StudioEditorPage'), 'WidgetEditorPage'),
  ),
];
