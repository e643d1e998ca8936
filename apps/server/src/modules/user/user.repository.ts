import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/sql.js';
import { users, type UserRow } from '../../db/schema.js';

export interface NewUser {
  cabinetId: CabinetId;
  login: string;
  email: string | null;
  name: string;
  role: Role;
  passwordHash: string;
  verified: boolean;
  /** The holder proved the address (a followed link, a provider's word); false when someone typed it. */
  emailConfirmed?: boolean;
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'email'
    | 'emailConfirmed'
    | 'role'
    | 'blocked'
    | 'verified'
    | 'passwordHash'
    | 'isClarityEnabled'
    | 'locale'
  >
>;

export interface UserFilter {
  cabinetId?: CabinetId;
  role?: Role;
  search?: string;
  page: number;
  limit: number;
}

/**
 * All SQL on users. Methods named *InCabinet scope by the caller's cabinet; `platform*` are the sign-in,
 * registration and administration paths, which look people up across cabinets by design.
 */
export class UserRepository {
  constructor(private readonly db: Database) {}

  async platformFindById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findInCabinet(cabinetId: CabinetId, id: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.cabinetId, cabinetId), eq(users.id, id)));
    return row;
  }

  /** Sign-in accepts the login or the e-mail address, case-insensitively. */
  async platformFindByLoginOrEmail(value: string): Promise<UserRow | undefined> {
    const lowered = value.toLowerCase();
    const [row] = await this.db
      .select()
      .from(users)
      .where(or(eq(sql`lower(${users.login})`, lowered), eq(sql`lower(${users.email})`, lowered)))
      .orderBy(sql`lower(${users.login}) = ${lowered} desc`)
      .limit(1);
    return row;
  }

  /** Whether a login is in use, spelled in any case. */
  async platformLoginExists(login: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.login})`, login.toLowerCase()))
      .limit(1);
    return rows.length > 0;
  }

  async platformFindByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row;
  }

  async listInCabinet(cabinetId: CabinetId): Promise<UserRow[]> {
    return this.db.select().from(users).where(eq(users.cabinetId, cabinetId)).orderBy(users.id);
  }

  async platformList(filter: UserFilter): Promise<{ rows: UserRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.cabinetId !== undefined) conditions.push(eq(users.cabinetId, filter.cabinetId));
    if (filter.role) conditions.push(eq(users.role, filter.role));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(
        or(ilike(users.login, pattern), ilike(users.name, pattern), ilike(users.email, pattern))!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    const [totalRow] = await this.db.select({ n: count() }).from(users).where(where);
    return { rows, total: totalRow?.n ?? 0 };
  }

  async insert(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async updateInCabinet(
    cabinetId: CabinetId,
    id: number,
    changes: UserChanges,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(users.cabinetId, cabinetId), eq(users.id, id)))
      .returning();
    return row;
  }

  async removeInCabinet(cabinetId: CabinetId, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(users)
      .where(and(eq(users.cabinetId, cabinetId), eq(users.id, id)))
      .returning({ id: users.id });
    return rows.length > 0;
  }
}
