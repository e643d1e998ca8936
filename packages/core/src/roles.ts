/**
 * Roles and permission keys, exactly as spec §6 gives them. The server checks the key every route
 * declares against this table; the web menu filters itself with the same table, so the two never disagree.
 */
export const ROLES = ['admin', 'owner', 'moderator', 'contentManager', 'agent', 'observer'] as const;
export type Role = (typeof ROLES)[number];

const ALL: readonly Role[] = ROLES;
const A_O: readonly Role[] = ['admin', 'owner'];
const A_O_M: readonly Role[] = ['admin', 'owner', 'moderator'];
const A_O_M_CM: readonly Role[] = ['admin', 'owner', 'moderator', 'contentManager'];
const A_O_M_CM_OBS: readonly Role[] = ['admin', 'owner', 'moderator', 'contentManager', 'observer'];
const A_O_M_CM_AG: readonly Role[] = ['admin', 'owner', 'moderator', 'contentManager', 'agent'];

/** Permission key -> roles allowed. One row per line of the spec §6 table. */
export const PERMISSIONS = {
  'dashboard.route': A_O_M_CM,
  'equipment.route': A_O_M_CM_OBS,
  'net.route': A_O_M_CM,
  'net.create': A_O_M_CM,
  'files.route': A_O_M_CM,
  'files.upload': A_O_M_CM,
  'widgets.route': A_O_M_CM,
  'creations.route': A_O_M_CM,
  'plugins.route': A_O_M_CM,
  'playlist.route': A_O_M_CM_AG,
  'playlist.get': [...A_O_M_CM_AG, 'observer'],
  'playlist.list': [...A_O_M_CM_AG, 'observer'],
  'playlist.create': A_O_M_CM,
  'playlist.remove': A_O_M_CM,
  'playlist.patch': A_O_M_CM_AG,
  'playlist.maxDuration': A_O,
  'wall.route': A_O_M_CM_OBS,
  'wall.create': A_O_M,
  'wall.remove': A_O_M,
  'point.route': A_O_M_CM_OBS,
  'point.get': A_O_M_CM,
  'point.list': A_O_M_CM,
  'point.create': A_O_M_CM,
  'point.remove': A_O_M_CM,
  'point.patch': A_O_M_CM,
  'point.screenshot': A_O_M_CM,
  'point.reload': A_O_M_CM,
  'point.schedule': A_O_M_CM,
  'point.audience': A_O_M_CM,
  'point.stream': A_O_M_CM,
  'point.onlineStats': ['admin', 'owner', 'contentManager'],
  'point.reboot': A_O,
  'statistics.route': ALL,
  'statistics.list': ['admin', 'owner', 'moderator', 'contentManager', 'agent'],
  'statistics.printList': ['admin', 'owner', 'moderator', 'contentManager', 'agent'],
  'statistics.report': ALL,
  'statistics.printReport': ALL,
  'statistics.edit': ['admin'],
  impressions: A_O_M,
  'ssp.route': A_O_M,
  'ssp.files': A_O_M,
  'ssp.list': A_O_M,
  'user.route': ['admin'],
  'user.shareAccess': ['owner', 'moderator'],
  'account.route': A_O_M_CM_AG,
  'account.security': ['admin', 'owner', 'moderator', 'agent'],
  'account.members': ['owner'],
  funds: ['owner'],
  knowledgeBase: A_O_M_CM_AG,
  'admin.route': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type PermissionKey = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

/**
 * Abilities the spec states in prose rather than as rows of §6, each named for what it allows and tied to
 * the row or sentence it follows. Services and routes check these through `can()` like any key; they are
 * not part of a user's `scope` (which is the §6 table, what the web menu reads).
 */
export const ABILITIES = {
  /** Approve or reject waiting playlist changes: the owner approves (spec §4), with the owner-level
   * playlist row of §6 (the maximum-duration setting: admin, owner). */
  'playlist.approve': PERMISSIONS['playlist.maxDuration'],
  /** Roles whose playlist edits wait for approval when their cabinet requires it (spec §6: "Content edits
   * by a content manager can require approval"; agents, who edit playlists too, likewise). */
  'playlist.editNeedsApproval': ['contentManager', 'agent'],
  /** See and open every cabinet, not only one's own: the platform admin (spec §6 admin route). */
  'cabinet.all': PERMISSIONS['admin.route'],
} as const satisfies Record<string, readonly Role[]>;

export type AbilityKey = keyof typeof ABILITIES;
/** What a route may declare as its access, or a service check: a §6 key or an ability. */
export type AccessKey = PermissionKey | AbilityKey;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isPermissionKey(key: string): key is PermissionKey {
  return Object.hasOwn(PERMISSIONS, key);
}

export function can(role: Role, key: AccessKey): boolean {
  const roles: readonly Role[] = isPermissionKey(key) ? PERMISSIONS[key] : ABILITIES[key];
  return roles.includes(role);
}

/** The permission keys a role holds: the `scope` of GET /api/user/info. */
export function scopeOf(role: Role): PermissionKey[] {
  return PERMISSION_KEYS.filter((key) => can(role, key));
}

/**
 * The keys a user actually holds: the role's keys narrowed by the brand rules of spec §2. Impressions:
 * core brand, or a login named by the deployment. Knowledge base: core brand only. The server checks
 * routes and answers user info's scope with this, so the menu and the API never disagree.
 */
export function effectiveScope(
  role: Role,
  login: string,
  rules: { isCore: boolean; impressionsManagers: readonly string[] },
): PermissionKey[] {
  const manager = rules.impressionsManagers.some((m) => m.toLowerCase() === login.toLowerCase());
  return scopeOf(role).filter((key) => {
    if (key === 'impressions') return rules.isCore || manager;
    if (key === 'knowledgeBase') return rules.isCore;
    return true;
  });
}

/** Roles an owner may give to members of their cabinet (never admin, never a second owner). */
export const MEMBER_ROLES = [
  'moderator',
  'contentManager',
  'agent',
  'observer',
] as const satisfies readonly Role[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * Where each role lands after sign-in (spec §2). contentManager has no entry in the spec; it lands on the
 * dashboard, which its role may open (documented in docs/architecture/server.md, "Roles and cabinets").
 */
export const DEFAULT_LANDING: Record<Role, string> = {
  admin: '/',
  owner: '/',
  moderator: '/',
  contentManager: '/',
  agent: '/playlist',
  observer: '/statistics/report',
};
