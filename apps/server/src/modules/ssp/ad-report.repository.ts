import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { Database } from '../../db/client.js';
import type { CabinetId } from '../../db/cabinet-id.js';
import { files, points, sspAds, sspSupplierReports, sspSuppliers } from '../../db/schema.js';

export interface SspRange {
  /** UTC days, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** One hour and supplier of the reconciliation, or its totals: micro-unit sums as text. */
export interface ReconciliationSums {
  hour: string | Date;
  supplier_id: number | null;
  supplier: string;
  reported: boolean;
  our_shows: number;
  our_impressions: string;
  our_revenue: string;
  their_shows: number;
  their_impressions: string;
  their_revenue: string;
}

/** A timestamp column within the range's UTC days. */
const rangeOn = (column: SQL, range: SspRange) =>
  sql`${range.from ? sql`and ${column} >= ${range.from}::date` : sql``} ${
    range.to ? sql`and ${column} < ${range.to}::date + 1` : sql``
  }`;
const rangeSql = (range: SspRange) => rangeOn(sql`a.played_at`, range);

/**
 * All SQL of the SSP reports (docs/ssp.md): ad income, shows, creatives, and the reconciliation with what
 * the suppliers reported.
 */
export class AdReportRepository {
  constructor(private readonly db: Database) {}

  /** Ad income by hour (UTC) and source, played ads only, with the totals of the whole range. */
  async report(cabinetId: CabinetId, range: SspRange, offset: number, limit: number) {
    const where = sql`a.cabinet_id = ${cabinetId} and a.status = 'played' ${rangeSql(range)}`;
    const rows = await rowsOf<{
      hour: string | Date;
      source: 'auction' | 'manual' | 'leftover';
      shows: number;
      impressions: string;
      revenue: string;
    }>(
      this.db,
      sql`
      select date_trunc('hour', a.played_at) as hour, a.source, count(*)::int as shows,
        sum(a.multiplier_micros)::text as impressions, sum(a.revenue_micros)::text as revenue
      from ${sspAds} a where ${where}
      group by 1, 2 order by 1 desc, 2
      offset ${offset} limit ${limit}`,
    );
    const totals = await rowsOf<{
      groups: number;
      shows: number;
      impressions: string;
      revenue: string;
      currencies: string[];
    }>(
      this.db,
      sql`
      select count(distinct (date_trunc('hour', a.played_at), a.source))::int as groups, count(*)::int as shows,
        coalesce(sum(a.multiplier_micros), 0)::text as impressions, coalesce(sum(a.revenue_micros), 0)::text as revenue,
        coalesce(array_agg(distinct a.currency) filter (where a.currency is not null), '{}') as currencies
      from ${sspAds} a where ${where}`,
    );
    return { rows: rows, totals: totals[0]! };
  }

  /** Every ad show of the range, newest first. */
  async shows(cabinetId: CabinetId, range: SspRange, offset: number, limit: number) {
    const where = sql`a.cabinet_id = ${cabinetId} and a.status = 'played' ${rangeSql(range)}`;
    const rows = await rowsOf<{
      id: number;
      played_at: string | Date;
      source: 'auction' | 'manual' | 'leftover';
      supplier_name: string;
      file_id: number | null;
      file_name: string | null;
      point_id: number;
      point_name: string;
      price_micros: string | number;
      currency: string;
      multiplier_micros: string | number;
      revenue_micros: string | number;
    }>(
      this.db,
      sql`
      select a.id, a.played_at, a.source, a.supplier_name, a.file_id, f.name as file_name, a.point_id,
        p.name as point_name, a.price_micros, a.currency, a.multiplier_micros, a.revenue_micros
      from ${sspAds} a
      join ${points} p on p.id = a.point_id and p.cabinet_id = a.cabinet_id
      left join ${files} f on f.id = a.file_id and f.cabinet_id = a.cabinet_id
      where ${where}
      order by a.played_at desc, a.id desc
      offset ${offset} limit ${limit}`,
    );
    const total = await rowsOf<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from ${sspAds} a where ${where}`,
    );
    return { rows: rows, total: Number(total[0]?.n ?? 0) };
  }

  /** The creatives the cabinet received, newest first: approval, ads won and shown. */
  async creatives(cabinetId: CabinetId, range: SspRange, offset: number, limit: number) {
    const received = rangeOn(sql`a.created_at`, range);
    const rows = await rowsOf<{
      id: number;
      name: string;
      supplier: string;
      approved: boolean;
      ads: number;
      shows: number;
    }>(
      this.db,
      sql`
      select f.id, f.name, max(a.supplier_name) as supplier, bool_or(a.approved) as approved,
        count(*)::int as ads, count(*) filter (where a.status = 'played')::int as shows, max(a.created_at) as last
      from ${sspAds} a join ${files} f on f.id = a.file_id and f.cabinet_id = a.cabinet_id
      where a.cabinet_id = ${cabinetId} ${received}
      group by f.id, f.name order by last desc, f.id desc
      offset ${offset} limit ${limit}`,
    );
    const total = await rowsOf<{ n: number }>(
      this.db,
      sql`
      select count(distinct a.file_id)::int as n from ${sspAds} a
      join ${files} f on f.id = a.file_id and f.cabinet_id = a.cabinet_id
      where a.cabinet_id = ${cabinetId} ${received}`,
    );
    return { rows: rows, total: Number(total[0]?.n ?? 0) };
  }

  /**
   * Records what a supplier reported for this cabinet, by hour; a second report of an hour replaces the
   * first. Answers how many hours were written.
   */
  async saveSupplierReports(
    cabinetId: CabinetId,
    supplierId: number,
    userId: number,
    rows: { hour: Date; shows: number; impressionsMicros: number; revenueMicros: number }[],
  ): Promise<number> {
    const written = await this.db
      .insert(sspSupplierReports)
      .values(
        rows.map((r) => ({
          cabinetId,
          supplierId,
          hourUtc: r.hour,
          shows: r.shows,
          impressionsMicros: r.impressionsMicros,
          revenueMicros: r.revenueMicros,
          updatedBy: userId,
        })),
      )
      .onConflictDoUpdate({
        target: [sspSupplierReports.cabinetId, sspSupplierReports.supplierId, sspSupplierReports.hourUtc],
        set: {
          shows: sql`excluded.shows`,
          impressionsMicros: sql`excluded.impressions_micros`,
          revenueMicros: sql`excluded.revenue_micros`,
          updatedAt: sql`now()`,
          updatedBy: sql`excluded.updated_by`,
        },
      })
      .returning({ hour: sspSupplierReports.hourUtc });
    return written.length;
  }

  /**
   * Our played ads beside what each supplier reported, by UTC hour and supplier (a full join: an hour only
   * one side counted shows too), newest first, with the range's totals. Sums in micro-units as text.
   */
  async reconciliation(cabinetId: CabinetId, range: SspRange, offset: number, limit: number) {
    const joined = sql`
      with ours as (
        select date_trunc('hour', a.played_at) as hour, a.supplier_id, max(a.supplier_name) as supplier_name,
          count(*)::int as shows, sum(a.multiplier_micros) as impressions, sum(a.revenue_micros) as revenue
        from ${sspAds} a where a.cabinet_id = ${cabinetId} and a.status = 'played' ${rangeSql(range)}
        group by 1, 2
      ),
      theirs as (
        select r.hour_utc as hour, r.supplier_id, r.shows, r.impressions_micros as impressions,
          r.revenue_micros as revenue
        from ${sspSupplierReports} r where r.cabinet_id = ${cabinetId} ${rangeOn(sql`r.hour_utc`, range)}
      ),
      joined as (
        select coalesce(o.hour, t.hour) as hour, coalesce(o.supplier_id, t.supplier_id) as supplier_id,
          coalesce(s.name, o.supplier_name, '') as supplier,
          coalesce(o.shows, 0) as our_shows, coalesce(o.impressions, 0) as our_impressions,
          coalesce(o.revenue, 0) as our_revenue, t.supplier_id is not null as reported,
          coalesce(t.shows, 0) as their_shows, coalesce(t.impressions, 0) as their_impressions,
          coalesce(t.revenue, 0) as their_revenue
        from ours o full join theirs t on t.hour = o.hour and t.supplier_id = o.supplier_id
        left join ${sspSuppliers} s on s.id = coalesce(o.supplier_id, t.supplier_id)
      )`;
    const rows = await rowsOf<ReconciliationSums>(
      this.db,
      sql`${joined}
      select hour, supplier_id, supplier, reported, our_shows::int, our_impressions::text,
        our_revenue::text, their_shows::int, their_impressions::text, their_revenue::text
      from joined order by hour desc, supplier, supplier_id
      offset ${offset} limit ${limit}`,
    );
    const totals = await rowsOf<ReconciliationSums & { groups: number }>(
      this.db,
      sql`${joined}
      select count(*)::int as groups, coalesce(sum(our_shows), 0)::int as our_shows,
        coalesce(sum(our_impressions), 0)::text as our_impressions,
        coalesce(sum(our_revenue), 0)::text as our_revenue, coalesce(sum(their_shows), 0)::int as their_shows,
        coalesce(sum(their_impressions), 0)::text as their_impressions,
        coalesce(sum(their_revenue), 0)::text as their_revenue
      from joined`,
    );
    return { rows: rows, totals: totals[0]! };
  }
}
