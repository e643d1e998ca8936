import type { PermissionKey } from './roles.js';

/**
 * The side menu of spec §2 as data. The web renders it; a role sees an item when its scope holds the
 * item's key, and brand rules (core brand only) apply on top.
 */
export interface MenuItem {
  id: string;
  /** Internal route, or an external URL when `external`. */
  to: string;
  key: PermissionKey;
  external?: boolean;
  coreBrandOnly?: boolean;
  children?: MenuItem[];
}

export const POINT_TABS = [
  'content',
  'schedule',
  'settings',
  'windows',
  'audience',
  'stream',
  'log',
] as const;
export type PointTab = (typeof POINT_TABS)[number];

/**
 * Spec §2: on a point page the Equipment children become these tabs, in this order (the live stream is
 * one of the page's own tabs, not a menu entry).
 */
export const POINT_MENU_TABS = [
  'content',
  'schedule',
  'windows',
  'audience',
  'log',
  'settings',
] as const satisfies readonly PointTab[];

/** Route of a point tab: content is /point/{id}, the others /point/{tab}/{id}. */
export function pointTabPath(tab: PointTab, id: string | number): string {
  return tab === 'content' ? `/point/${id}` : `/point/${tab}/${id}`;
}

export const MENU: readonly MenuItem[] = [
  { id: 'dashboard', to: '/', key: 'dashboard.route' },
  {
    id: 'equipment',
    to: '/point',
    key: 'equipment.route',
    children: [
      { id: 'points', to: '/point', key: 'point.route' },
      { id: 'walls', to: '/wall', key: 'wall.route' },
    ],
  },
  { id: 'nets', to: '/net', key: 'net.route' },
  { id: 'gallery', to: '/files', key: 'files.route' },
  { id: 'playlists', to: '/playlist', key: 'playlist.route' },
  {
    id: 'report',
    to: '/statistics/report',
    key: 'statistics.route',
    children: [
      { id: 'reportByHours', to: '/statistics/report', key: 'statistics.report' },
      { id: 'reportList', to: '/statistics/list', key: 'statistics.list' },
    ],
  },
  {
    id: 'ssp',
    to: '/ssp/report',
    key: 'ssp.route',
    children: [
      { id: 'sspReport', to: '/ssp/report', key: 'ssp.route' },
      { id: 'sspList', to: '/ssp/list', key: 'ssp.list' },
      { id: 'sspFiles', to: '/ssp/files', key: 'ssp.files' },
    ],
  },
  { id: 'impressions', to: '/impressions', key: 'impressions' },
  { id: 'users', to: '/user', key: 'user.route' },
  { id: 'admin', to: '/admin', key: 'admin.route' },
  { id: 'knowledgeBase', to: '', key: 'knowledgeBase', external: true, coreBrandOnly: true },
];

export interface MenuContext {
  scope: readonly string[];
  isCoreBrand: boolean;
  knowledgeBaseUrl: string | null;
  /** Set on a point page: the Equipment children become that point's tabs. */
  pointId?: string | number;
}

/** The menu one user sees. */
export function buildMenu(ctx: MenuContext): MenuItem[] {
  const visible = (item: MenuItem): boolean =>
    ctx.scope.includes(item.key) && (!item.coreBrandOnly || ctx.isCoreBrand);
  const out: MenuItem[] = [];
  for (const item of MENU) {
    if (!visible(item)) continue;
    if (item.external) {
      if (ctx.knowledgeBaseUrl) out.push({ ...item, to: ctx.knowledgeBaseUrl });
      continue;
    }
    if (item.id === 'equipment' && ctx.pointId !== undefined) {
      const id = ctx.pointId;
      out.push({
        ...item,
        children: POINT_MENU_TABS.map((tab) => ({
          id: `point-${tab}`,
          to: pointTabPath(tab, id),
          key: 'point.route',
        })),
      });
      continue;
    }
    const children = item.children?.filter(visible);
    out.push(children ? { ...item, children } : item);
  }
  return out;
}
