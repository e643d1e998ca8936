import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { cabinetAccess, cabinets, users, type CabinetAccessRow } from '../../db/schema.js';

export interface SharedAccessRow {
  id: number;
  userId: number;
  login: string;
  name: string;
  role: Role;
  createdAt: Date;
}

/** All SQL of shared access: who of other cabinets may work in this one, and with which role. */
export class AccessRepository {
  constructor(private readonly db: Database) {}

  async grant(cabinetId: CabinetId, userId: number, role: Role): Promise<CabinetAccessRow> {
    const [row] = await this.db
      .insert(cabinetAccess)
      .values({ cabinetId, userId, role })
      .onConflictDoUpdate({ target: [cabinetAccess.cabinetId, cabinetAccess.userId], set: { role } })
      .returning();
    return row!;
  }

  async list(cabinetId: CabinetId): Promise<SharedAccessRow[]> {
    return this.db
      .select({
        id: cabinetAccess.id,
        userId: cabinetAccess.userId,
        login: users.login,
        name: users.name,
        role: cabinetAccess.role,
        createdAt: cabinetAccess.createdAt,
      })
      .from(cabinetAccess)
      .innerJoin(users, eq(users.id, cabinetAccess.userId))
      .where(eq(cabinetAccess.cabinetId, cabinetId))
      .orderBy(asc(users.login));
  }

  async remove(cabinetId: CabinetId, id: number): Promise<CabinetAccessRow | undefined> {
    const [row] = await this.db
      .delete(cabinetAccess)
      .where(and(eq(cabinetAccess.cabinetId, cabinetId), eq(cabinetAccess.id, id)))
      .returning();
    return row;
  }

  /** The role a person holds in a cabinet shared with them; none when it is not (or no longer) shared. */
  async roleIn(cabinetId: CabinetId, userId: number): Promise<Role | undefined> {
    const [row] = await this.db
      .select({ role: cabinetAccess.role })
      .from(cabinetAccess)
      .where(and(eq(cabinetAccess.cabinetId, cabinetId), eq(cabinetAccess.userId, userId)));
    return row?.role;
  }

  /** The cabinets shared with a person, across cabinets by design (their account menu). */
  async platformCabinetsOf(
    userId: number,
  ): Promise<{ id: CabinetId; name: string; role: Role; blocked: boolean }[]> {
    return this.db
      .select({ id: cabinets.id, name: cabinets.name, role: cabinetAccess.role, blocked: cabinets.blocked })
      .from(cabinetAccess)
      .innerJoin(cabinets, eq(cabinets.id, cabinetAccess.cabinetId))
      .where(eq(cabinetAccess.userId, userId))
      .orderBy(asc(cabinets.name));
  }
}
