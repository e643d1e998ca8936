import type { Cabinet, User } from '@vitrine/core';
import type { UserRow } from '../../db/schema.js';
import type { CabinetWithCount } from '../cabinet/cabinet.repository.js';

/** The public face of a user row: never the password hash or the two-factor secret. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    cabinetId: row.cabinetId,
    login: row.login,
    email: row.email,
    name: row.name,
    role: row.role,
    isTwoFaEnabled: row.isTwoFaEnabled,
    isClarityEnabled: row.isClarityEnabled,
    blocked: row.blocked,
    verified: row.verified,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCabinet(row: CabinetWithCount): Cabinet {
  return {
    id: row.id,
    name: row.name,
    balance: row.balance,
    tariff: row.tariff,
    discount: row.discount,
    blocked: row.blocked,
    approvalRequired: row.approvalRequired,
    twoFaRequired: row.twoFaRequired,
    membersCount: row.membersCount,
    createdAt: row.createdAt.toISOString(),
  };
}
