import { randomBytes } from 'node:crypto';
import type { Role } from '@vitrine/core';
import {
  netPoints,
  nets,
  points,
  type CabinetRow,
  type NetRow,
  type PointRow,
  type UserRow,
} from '../db/schema.js';
import type { CabinetId } from '../db/cabinet-id.js';
import type { TestApp } from './build.js';

export const PASSWORD = 'secret-pass-1';

let sequence = 0;
const unique = (prefix: string): string => `${prefix}${++sequence}${randomBytes(3).toString('hex')}`;

export interface TestUser {
  row: UserRow;
  login: string;
  password: string;
  /** A live access token, minted the way sign-in mints it. */
  token: string;
  refreshToken: string;
}

export async function createCabinet(t: TestApp, name = unique('Cabinet ')): Promise<CabinetRow> {
  return t.repos.cabinets.insert({ name });
}

export async function createUser(
  t: TestApp,
  options: {
    role: Role;
    cabinetId?: CabinetId;
    verified?: boolean;
    blocked?: boolean;
    email?: string | null;
  },
): Promise<TestUser> {
  let cabinetId = options.cabinetId;
  if (cabinetId === undefined) {
    cabinetId =
      options.role === 'admin' ? (await t.repos.cabinets.findPlatform())!.id : (await createCabinet(t)).id;
  }
  const login = unique(options.role.toLowerCase());
  const row = await t.repos.users.insert({
    cabinetId,
    login,
    email: options.email === undefined ? `${login}@example.test` : options.email,
    name: `Test ${login}`,
    role: options.role,
    passwordHash: await t.hasher.hash(PASSWORD),
    verified: options.verified ?? true,
    // As if the person had followed a link to the address (as a registered owner has).
    emailConfirmed: options.verified ?? true,
  });
  if (options.blocked) await t.repos.users.updateInCabinet(cabinetId, row.id, { blocked: true });
  const pair = await t.services.auth.issue(row, { ip: '127.0.0.1', userAgent: 'test' });
  return { row, login, password: PASSWORD, token: pair.token, refreshToken: pair.refreshToken };
}

/** A cabinet with one user of every cabinet role, plus the platform admin. */
export async function createTeam(t: TestApp): Promise<{ cabinet: CabinetRow } & Record<Role, TestUser>> {
  const cabinet = await createCabinet(t);
  const roles: Role[] = ['owner', 'moderator', 'contentManager', 'agent', 'observer'];
  const members = await Promise.all(roles.map((role) => createUser(t, { role, cabinetId: cabinet.id })));
  const admin = await createUser(t, { role: 'admin' });
  return {
    cabinet,
    admin,
    owner: members[0]!,
    moderator: members[1]!,
    contentManager: members[2]!,
    agent: members[3]!,
    observer: members[4]!,
  };
}

/** A screen row, as pairing will make it (the screens issue builds pairing itself). */
export async function createPoint(
  t: TestApp,
  cabinetId: CabinetId,
  name = unique('Screen '),
): Promise<PointRow> {
  const [row] = await t.database.db.insert(points).values({ cabinetId, name }).returning();
  return row!;
}

/** A network holding the given screens. */
export async function createNet(
  t: TestApp,
  cabinetId: CabinetId,
  pointIds: number[],
  name = unique('Net '),
): Promise<NetRow> {
  const [row] = await t.database.db.insert(nets).values({ cabinetId, name }).returning();
  if (pointIds.length) {
    await t.database.db.insert(netPoints).values(pointIds.map((pointId) => ({ netId: row!.id, pointId })));
  }
  return row!;
}
