import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANDING,
  PERMISSIONS,
  ROLES,
  can,
  effectiveScope,
  scopeOf,
  type PermissionKey,
  type Role,
} from './roles.js';

const everyone: Role[] = ['admin', 'owner', 'moderator', 'contentManager', 'agent', 'observer'];

/** Spec §6, transcribed row by row: the table in roles.ts must say exactly this. */
const SPEC: Record<string, Role[]> = {
  'dashboard.route': ['admin', 'owner', 'moderator', 'contentManager'],
  'equipment.route': ['admin', 'owner', 'moderator', 'contentManager', 'observer'],
  'net.route': ['admin', 'owner', 'moderator', 'contentManager'],
  'net.create': ['admin', 'owner', 'moderator', 'contentManager'],
  'files.route': ['admin', 'owner', 'moderator', 'contentManager'],
  'files.upload': ['admin', 'owner', 'moderator', 'contentManager'],
  'widgets.route': ['admin', 'owner', 'moderator', 'contentManager'],
  'creations.route': ['admin', 'owner', 'moderator', 'contentManager'],
  'plugins.route': ['admin', 'owner', 'moderator', 'contentManager'],
  'playlist.route': ['admin', 'owner', 'moderator', 'contentManager', 'agent'],
  'playlist.get': ['admin', 'owner', 'moderator', 'contentManager', 'agent', 'observer'],
  'playlist.list': ['admin', 'owner', 'moderator', 'contentManager', 'agent', 'observer'],
  'playlist.create': ['admin', 'owner', 'moderator', 'contentManager'],
  'playlist.remove': ['admin', 'owner', 'moderator', 'contentManager'],
  'playlist.patch': ['admin', 'owner', 'moderator', 'contentManager', 'agent'],
  'playlist.maxDuration': ['admin', 'owner'],
  'wall.route': ['admin', 'owner', 'moderator', 'contentManager', 'observer'],
  'wall.create': ['admin', 'owner', 'moderator'],
  'wall.remove': ['admin', 'owner', 'moderator'],
  'point.route': ['admin', 'owner', 'moderator', 'contentManager', 'observer'],
  'point.get': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.list': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.create': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.remove': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.patch': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.screenshot': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.reload': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.schedule': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.audience': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.stream': ['admin', 'owner', 'moderator', 'contentManager'],
  'point.onlineStats': ['admin', 'owner', 'contentManager'],
  'point.reboot': ['admin', 'owner'],
  'statistics.route': everyone,
  'statistics.list': ['admin', 'owner', 'moderator', 'contentManager', 'agent'],
  'statistics.printList': ['admin', 'owner', 'moderator', 'contentManager', 'agent'],
  'statistics.report': everyone,
  'statistics.printReport': everyone,
  'statistics.edit': ['admin'],
  impressions: ['admin', 'owner', 'moderator'],
  'ssp.route': ['admin', 'owner', 'moderator'],
  'ssp.files': ['admin', 'owner', 'moderator'],
  'ssp.list': ['admin', 'owner', 'moderator'],
  'user.route': ['admin'],
  'user.shareAccess': ['owner', 'moderator'],
  'account.route': ['admin', 'owner', 'moderator', 'contentManager', 'agent'],
  'account.security': ['admin', 'owner', 'moderator', 'agent'],
  'account.members': ['owner'],
  funds: ['owner'],
  knowledgeBase: ['admin', 'owner', 'moderator', 'contentManager', 'agent'],
  'admin.route': ['admin'],
};

describe('the role table', () => {
  it('holds exactly the keys of spec §6', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(SPEC).sort());
  });

  it.each(Object.entries(SPEC))('%s allows exactly its roles', (key, roles) => {
    for (const role of ROLES) {
      expect(can(role, key as PermissionKey), `${role} on ${key}`).toBe(roles.includes(role));
    }
  });

  it('gives each role the scope of the keys it holds', () => {
    expect(scopeOf('observer')).toEqual(
      Object.entries(SPEC)
        .filter(([, roles]) => roles.includes('observer'))
        .map(([key]) => key),
    );
    expect(scopeOf('admin')).toContain('user.route');
    expect(scopeOf('owner')).not.toContain('user.route');
    expect(scopeOf('owner')).toContain('account.members');
  });

  it('lands each role where spec §2 says, on a page its role may open', () => {
    expect(DEFAULT_LANDING).toEqual({
      admin: '/',
      owner: '/',
      moderator: '/',
      contentManager: '/',
      agent: '/playlist',
      observer: '/statistics/report',
    });
    expect(can('agent', 'playlist.route')).toBe(true);
    expect(can('observer', 'statistics.route')).toBe(true);
    expect(can('contentManager', 'dashboard.route')).toBe(true);
  });
});

describe('brand rules (spec §2)', () => {
  it('the core brand keeps the role table as it is', () => {
    for (const role of ROLES) {
      expect(effectiveScope(role, 'anyone', { isCore: true, impressionsManagers: [] })).toEqual(
        scopeOf(role),
      );
    }
  });

  it('outside the core brand only named managers see Impressions, and nobody the knowledge base', () => {
    const rules = { isCore: false, impressionsManagers: ['Manager1', 'manager2'] };
    expect(effectiveScope('owner', 'someone', rules)).not.toContain('impressions');
    expect(effectiveScope('owner', 'manager1', rules)).toContain('impressions');
    expect(effectiveScope('agent', 'manager2', rules)).not.toContain('impressions');
    expect(effectiveScope('admin', 'manager1', rules)).not.toContain('knowledgeBase');
  });
});

describe('abilities the spec states in prose', () => {
  it('approving follows the owner-level playlist row, approval is asked of content managers and agents, every cabinet is the admin’s', () => {
    for (const role of ROLES) {
      expect(can(role, 'playlist.approve'), role).toBe(can(role, 'playlist.maxDuration'));
      expect(can(role, 'playlist.editNeedsApproval'), role).toBe(
        role === 'contentManager' || role === 'agent',
      );
      expect(can(role, 'cabinet.all'), role).toBe(role === 'admin');
      expect(scopeOf(role)).not.toContain('playlist.approve');
    }
  });
});
