import { describe, expect, it } from 'vitest';
import { buildMenu, pointTabPath } from './menu.js';
import { scopeOf, type Role } from './roles.js';

const ids = (role: Role, isCoreBrand = true, pointId?: number) =>
  buildMenu({
    scope: scopeOf(role),
    isCoreBrand,
    knowledgeBaseUrl: 'https://kb.example.test',
    ...(pointId !== undefined ? { pointId } : {}),
  }).map((item) => (item.children ? `${item.id}(${item.children.map((c) => c.id).join(',')})` : item.id));

describe('the side menu per role (spec §2, §6)', () => {
  it.each<[Role, string[]]>([
    [
      'admin',
      [
        'dashboard',
        'equipment(points,walls)',
        'nets',
        'gallery',
        'playlists',
        'report(reportByHours,reportList)',
        'ssp(sspReport,sspList,sspFiles)',
        'impressions',
        'users',
        'admin',
        'knowledgeBase',
      ],
    ],
    [
      'owner',
      [
        'dashboard',
        'equipment(points,walls)',
        'nets',
        'gallery',
        'playlists',
        'report(reportByHours,reportList)',
        'ssp(sspReport,sspList,sspFiles)',
        'impressions',
        'knowledgeBase',
      ],
    ],
    [
      'moderator',
      [
        'dashboard',
        'equipment(points,walls)',
        'nets',
        'gallery',
        'playlists',
        'report(reportByHours,reportList)',
        'ssp(sspReport,sspList,sspFiles)',
        'impressions',
        'knowledgeBase',
      ],
    ],
    [
      'contentManager',
      [
        'dashboard',
        'equipment(points,walls)',
        'nets',
        'gallery',
        'playlists',
        'report(reportByHours,reportList)',
        'knowledgeBase',
      ],
    ],
    ['agent', ['playlists', 'report(reportByHours,reportList)', 'knowledgeBase']],
    ['observer', ['equipment(points,walls)', 'report(reportByHours)']],
  ])('%s', (role, expected) => {
    expect(ids(role)).toEqual(expected);
  });

  it('drops the knowledge base outside the core brand, or when no URL is configured', () => {
    expect(ids('owner', false)).not.toContain('knowledgeBase');
    const none = buildMenu({ scope: scopeOf('owner'), isCoreBrand: true, knowledgeBaseUrl: null });
    expect(none.map((i) => i.id)).not.toContain('knowledgeBase');
    const kb = buildMenu({
      scope: scopeOf('owner'),
      isCoreBrand: true,
      knowledgeBaseUrl: 'https://kb.example.test',
    });
    expect(kb.find((i) => i.id === 'knowledgeBase')).toMatchObject({
      to: 'https://kb.example.test',
      external: true,
    });
  });

  it("turns Equipment's children into the point's tabs on a point page, in the spec's order", () => {
    // Spec §2: 'content, schedule, windows, audience, log and settings'.
    expect(ids('owner', true, 42)[1]).toBe(
      'equipment(point-content,point-schedule,point-windows,point-audience,point-log,point-settings)',
    );
    expect(ids('observer', true, 42)[0]).toBe(
      'equipment(point-content,point-schedule,point-windows,point-audience,point-log,point-settings)',
    );
    expect(pointTabPath('content', 42)).toBe('/point/42');
    expect(pointTabPath('log', 42)).toBe('/point/log/42');
  });
});
