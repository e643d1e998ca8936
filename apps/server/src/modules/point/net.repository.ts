import { and, count, eq, ilike, sql } from 'drizzle-orm';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Database } from '../../db/client.js';
import { containsPattern, hasChanges, anyId } from '../../db/sql.js';
import { netPoints, nets, points, type NetRow } from '../../db/schema.js';
import { ownedIds } from './owned.js';

/**
 * All SQL on networks (nets) and their members (net_points). Every method takes the cabinet and puts it in
 * its WHERE clause; members are only ever the cabinet's own screens.
 */
export class NetRepository {
  constructor(private readonly db: Database) {}

  async netsOf(cabinetId: CabinetId, pointIds: number[]): Promise<Map<number, NetRow[]>> {
    const result = new Map<number, NetRow[]>(pointIds.map((id) => [id, []]));
    if (pointIds.length === 0) return result;
    const rows = await this.db
      .select({ pointId: netPoints.pointId, net: nets })
      .from(netPoints)
      .innerJoin(nets, eq(nets.id, netPoints.netId))
      .where(and(eq(nets.cabinetId, cabinetId), anyId(netPoints.pointId, pointIds)))
      .orderBy(nets.name);
    for (const r of rows) result.get(r.pointId)!.push(r.net);
    return result;
  }

  async net(cabinetId: CabinetId, id: number): Promise<NetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(nets)
      .where(and(eq(nets.cabinetId, cabinetId), eq(nets.id, id)));
    return row;
  }

  async netsByIds(cabinetId: CabinetId, ids: number[]): Promise<NetRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(nets)
      .where(and(eq(nets.cabinetId, cabinetId), anyId(nets.id, ids)));
  }

  async list(
    cabinetId: CabinetId,
    query: { page: number; limit: number; search?: string | undefined },
  ): Promise<{ rows: NetRow[]; total: number }> {
    const where = and(
      eq(nets.cabinetId, cabinetId),
      query.search ? ilike(nets.name, containsPattern(query.search)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(nets)
        .where(where)
        .orderBy(sql`lower(${nets.name})`, nets.id)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(nets).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async membersOf(
    cabinetId: CabinetId,
    netIds: number[],
  ): Promise<Map<number, { id: number; name: string }[]>> {
    const result = new Map<number, { id: number; name: string }[]>(netIds.map((id) => [id, []]));
    if (netIds.length === 0) return result;
    const rows = await this.db
      .select({ netId: netPoints.netId, id: points.id, name: points.name })
      .from(netPoints)
      .innerJoin(points, eq(points.id, netPoints.pointId))
      .where(and(eq(points.cabinetId, cabinetId), anyId(netPoints.netId, netIds)))
      .orderBy(points.name);
    for (const r of rows) result.get(r.netId)!.push({ id: r.id, name: r.name });
    return result;
  }

  async insert(cabinetId: CabinetId, values: { name: string; color: string | null }): Promise<NetRow> {
    const [row] = await this.db
      .insert(nets)
      .values({ cabinetId, ...values })
      .returning();
    return row!;
  }

  async update(cabinetId: CabinetId, id: number, values: { name?: string; color?: string | null }) {
    if (!hasChanges(values)) return;
    await this.db
      .update(nets)
      .set(values)
      .where(and(eq(nets.cabinetId, cabinetId), eq(nets.id, id)));
  }

  async remove(cabinetId: CabinetId, id: number): Promise<void> {
    await this.db.delete(nets).where(and(eq(nets.cabinetId, cabinetId), eq(nets.id, id)));
  }

  async setMembers(cabinetId: CabinetId, netId: number, pointIds: number[]): Promise<void> {
    if ((await ownedIds(this.db, cabinetId, nets, [netId])).length === 0) return;
    await this.db.delete(netPoints).where(eq(netPoints.netId, netId));
    const own = await ownedIds(this.db, cabinetId, points, pointIds);
    if (own.length) await this.db.insert(netPoints).values(own.map((pointId) => ({ netId, pointId })));
  }

  async setPointNets(cabinetId: CabinetId, pointId: number, netIds: number[]): Promise<void> {
    if ((await ownedIds(this.db, cabinetId, points, [pointId])).length === 0) return;
    await this.db.delete(netPoints).where(eq(netPoints.pointId, pointId));
    const own = await ownedIds(this.db, cabinetId, nets, netIds);
    if (own.length) await this.db.insert(netPoints).values(own.map((netId) => ({ netId, pointId })));
  }
}
