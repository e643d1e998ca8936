import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CommandName } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { anyId, rowsOf } from '../../db/sql.js';
import { pointCommands, points } from '../../db/schema.js';

/**
 * All SQL on screen commands (point_commands). Writes and the screens' history take the cabinet; what a
 * screen's own socket does with its commands (pending on connect, sent, acknowledged) is `platform*`, the
 * screen being the authority there.
 */
export class PointCommandRepository {
  constructor(private readonly db: Database) {}

  /**
   * One command for each of the cabinet's screens among `pointIds`, in one statement whatever their number
   * (INSERT ... SELECT over the screens, which also keeps another cabinet's screens out). The screens are
   * locked against removal (FOR KEY SHARE, in id order) until the command is stored, as a foreign key
   * would, but in this one read instead of a lookup per row (migration 0036): a removal waits, then takes
   * the new commands with it; a screen removed first is not read.
   */
  async insert(
    cabinetId: CabinetId,
    pointIds: number[],
    command: {
      name: CommandName;
      args: Record<string, unknown>;
      createdBy: number | null;
      expiresAt: Date;
    },
  ): Promise<{ id: number; pointId: number }[]> {
    if (pointIds.length === 0) return [];
    const result = await rowsOf<{ id: number; point_id: number }>(
      this.db,
      sql`
      insert into ${pointCommands} (cabinet_id, point_id, name, args, created_by, expires_at)
      select ${points.cabinetId}, ${points.id}, ${command.name}, ${JSON.stringify(command.args)}::jsonb,
        ${command.createdBy}::int, ${command.expiresAt.toISOString()}::timestamptz
      from ${points}
      where ${points.cabinetId} = ${cabinetId} and ${anyId(points.id, pointIds)}
      order by ${points.id}
      for key share
      returning id, point_id`,
    );
    return result.map((r) => ({ id: Number(r.id), pointId: Number(r.point_id) }));
  }

  /** What waits for a screen that just connected with its own token. */
  async platformPending(pointId: number, now: Date) {
    return this.db
      .select()
      .from(pointCommands)
      .where(
        and(
          eq(pointCommands.pointId, pointId),
          inArray(pointCommands.status, ['PENDING', 'SENT']),
          gt(pointCommands.expiresAt, now),
        ),
      )
      .orderBy(pointCommands.id);
  }

  async platformCommand(id: number) {
    const [row] = await this.db.select().from(pointCommands).where(eq(pointCommands.id, id));
    return row;
  }

  /** Commands just written to their sockets (by id, one statement); a command acknowledged already stays so. */
  async platformMarkSent(ids: number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(pointCommands)
      .set({ status: 'SENT', sentAt: at })
      .where(and(anyId(pointCommands.id, ids), eq(pointCommands.status, 'PENDING')));
  }

  /** The screen acknowledged one of its own commands on its socket. */
  async platformMark(
    id: number,
    pointId: number,
    change: { status: string; message?: string | null; sentAt?: Date; ackedAt?: Date },
  ): Promise<void> {
    await this.db
      .update(pointCommands)
      .set(change)
      .where(and(eq(pointCommands.id, id), eq(pointCommands.pointId, pointId)));
  }

  async recent(cabinetId: CabinetId, pointId: number, limit = 20) {
    return this.db
      .select()
      .from(pointCommands)
      .where(and(eq(pointCommands.cabinetId, cabinetId), eq(pointCommands.pointId, pointId)))
      .orderBy(desc(pointCommands.id))
      .limit(limit);
  }
}
