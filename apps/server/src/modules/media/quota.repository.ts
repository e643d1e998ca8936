import { and, eq, lte, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { files, uploadReservations } from '../../db/schema.js';
import { rowsOf } from '../../db/sql.js';

/** Advisory lock class of a cabinet's quota (the second key is the cabinet id). */
const QUOTA_LOCK = 0x71756f74; // "quot"

/** All SQL on a cabinet's quota: bytes stored, bytes held by uploads in progress, and the lock over both. */
export class QuotaRepository {
  constructor(private readonly db: Database) {}

  /**
   * Waits for, then holds until the transaction ends, the cabinet's quota: checks and holds of one
   * cabinet run one at a time, whichever process makes them.
   */
  async lock(cabinetId: CabinetId): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${cabinetId})`);
  }

  /** Bytes the cabinet's library holds: each stored object once, an unpacked package's files included. */
  async storedBytes(cabinetId: CabinetId): Promise<number> {
    const result = await rowsOf<{ total: string | number }>(
      this.db,
      sql`
      select coalesce(sum(size + unpacked_size), 0)::bigint as total from (
        select distinct on (storage_key) size, unpacked_size from ${files}
        where cabinet_id = ${cabinetId} and source = 'HOME' and storage_key is not null
        order by storage_key
      ) stored`,
    );
    return Number(result[0]?.total ?? 0);
  }

  /** Bytes stored and held, read in one statement (one snapshot). */
  async takenBytes(cabinetId: CabinetId): Promise<number> {
    const result = await rowsOf<{ total: string | number }>(
      this.db,
      sql`
      select (
        select coalesce(sum(size + unpacked_size), 0) from (
          select distinct on (storage_key) size, unpacked_size from ${files}
          where cabinet_id = ${cabinetId} and source = 'HOME' and storage_key is not null
          order by storage_key
        ) stored
      ) + (
        select coalesce(sum(bytes), 0) from ${uploadReservations}
        where cabinet_id = ${cabinetId} and expires_at > now()
      ) as total`,
    );
    return Number(result[0]?.total ?? 0);
  }

  async insertHold(values: {
    cabinetId: CabinetId;
    bytes: number;
    expiresAt: Date;
    tusId?: string;
  }): Promise<number> {
    const [row] = await this.db
      .insert(uploadReservations)
      .values(values)
      .returning({ id: uploadReservations.id });
    return row!.id;
  }

  async growHold(cabinetId: CabinetId, id: number, extra: number): Promise<boolean> {
    const rows = await this.db
      .update(uploadReservations)
      .set({ bytes: sql`${uploadReservations.bytes} + ${extra}` })
      .where(and(eq(uploadReservations.cabinetId, cabinetId), eq(uploadReservations.id, id)))
      .returning({ id: uploadReservations.id });
    return rows.length > 0;
  }

  async holdOfTus(cabinetId: CabinetId, tusId: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: uploadReservations.id })
      .from(uploadReservations)
      .where(and(eq(uploadReservations.cabinetId, cabinetId), eq(uploadReservations.tusId, tusId)));
    return row?.id;
  }

  async removeHold(cabinetId: CabinetId, id: number): Promise<void> {
    await this.db
      .delete(uploadReservations)
      .where(and(eq(uploadReservations.cabinetId, cabinetId), eq(uploadReservations.id, id)));
  }

  /** A resumable upload ended: its random id, held by the tus store, names the hold. */
  async platformRemoveHoldOfTus(tusId: string): Promise<void> {
    await this.db.delete(uploadReservations).where(eq(uploadReservations.tusId, tusId));
  }

  /** Drops holds past their expiry (a process that died mid-upload); answers how many. */
  /** Expired holds of every cabinet (the hourly sweep). */
  async platformSweep(): Promise<number> {
    const rows = await this.db
      .delete(uploadReservations)
      .where(lte(uploadReservations.expiresAt, sql`now()`))
      .returning({ id: uploadReservations.id });
    return rows.length;
  }
}
