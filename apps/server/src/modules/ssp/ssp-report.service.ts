import {
  fromMicros,
  sspMissing,
  type SspMissingList,
  type ExportFormat,
  type SspExportQuery,
  type SspFileList,
  type SspQuery,
  type SspReconciliation,
  type SspReport,
  type SspShowList,
} from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import { AppError } from '../../lib/errors.js';
import type { MediaService } from '../media/media.service.js';
import { checkExportRows, exportStream, type ExportTable } from '../statistic/export.js';
import { sspFactsOf } from './ad.repository.js';
import type { ReconciliationSums } from './ad-report.repository.js';

/** Rows read per query while exporting the list of shows. */
const EXPORT_PAGE = 5000;
type Cells = (string | number | null)[];

const iso = (value: string | Date) => new Date(value).toISOString();
const decimal = (micros: string | number) => fromMicros(Number(micros));

/**
 * The cabinet's SSP pages (docs/ssp.md, "Reports"): income by hour, every ad show, the creatives received.
 * Money comes from the ads' micro-units, summed in the database and written as exact decimals; a show's
 * cost to the advertiser is its revenue here (price / 1000 × multiplier; no platform share is taken).
 */
export class SspReportService {
  constructor(
    private readonly deps: {
      repos: Pick<Repositories, 'adReports' | 'ads' | 'playlists'>;
      media: MediaService;
      log?: (message: string, error?: unknown) => void;
    },
  ) {}

  async report(cabinetId: CabinetId, query: SspQuery): Promise<SspReport> {
    const { rows, totals } = await this.deps.repos.adReports.report(
      cabinetId,
      query,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return {
      data: rows.map((r) => ({
        datetime: iso(r.hour),
        source: r.source,
        shows: r.shows,
        impressions: decimal(r.impressions),
        cost: decimal(r.revenue),
        revenue: decimal(r.revenue),
      })),
      total: totals.groups,
      totals: {
        shows: totals.shows,
        impressions: decimal(totals.impressions),
        cost: decimal(totals.revenue),
        revenue: decimal(totals.revenue),
      },
      currencies: [...totals.currencies].sort(),
    };
  }

  async shows(cabinetId: CabinetId, query: SspQuery): Promise<SspShowList> {
    const { rows, total } = await this.deps.repos.adReports.shows(
      cabinetId,
      query,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return {
      data: rows.map((r) => ({
        id: r.id,
        datetime: iso(r.played_at),
        source: r.source,
        supplier: r.supplier_name,
        fileId: r.file_id,
        fileName: r.file_name,
        pointId: r.point_id,
        pointName: r.point_name,
        price: decimal(r.price_micros),
        currency: r.currency,
        impressions: decimal(r.multiplier_micros),
        cost: decimal(r.revenue_micros),
        revenue: decimal(r.revenue_micros),
      })),
      total,
    };
  }

  async files(cabinetId: CabinetId, query: SspQuery): Promise<SspFileList> {
    const { repos, media } = this.deps;
    const { rows, total } = await repos.adReports.creatives(
      cabinetId,
      query,
      (query.page - 1) * query.limit,
      query.limit,
    );
    const byId = new Map(
      (
        await repos.playlists.referencedFiles(
          cabinetId,
          rows.map((r) => r.id),
        )
      ).map((f) => [f.id, f]),
    );
    return {
      data: rows.flatMap((r) => {
        const row = byId.get(r.id);
        if (!row) return [];
        const item = media.fileItem(row);
        return [
          {
            id: r.id,
            name: r.name,
            kind: row.kind,
            url: item.url,
            thumbUrl: item.thumbUrl ?? null,
            supplier: r.supplier,
            approved: r.approved,
            ads: r.ads,
            shows: r.shows,
          },
        ];
      }),
      total,
    };
  }

  /**
   * Our played ads beside each supplier's own figures, by hour and supplier, with the gap (theirs minus
   * ours) in exact micro-units (docs/ssp.md, "Reconciliation").
   */
  async reconciliation(cabinetId: CabinetId, query: SspQuery): Promise<SspReconciliation> {
    const { rows, totals } = await this.deps.repos.adReports.reconciliation(
      cabinetId,
      query,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return {
      data: rows.map((r) => {
        const both = sides(r);
        return {
          datetime: iso(r.hour),
          supplierId: r.supplier_id,
          supplier: r.supplier,
          ...both,
          theirs: r.reported ? both.theirs : null,
        };
      }),
      total: totals.groups,
      totals: sides(totals),
    };
  }

  /** The report by hours as a file, with its totals row. */
  async exportReport(cabinetId: CabinetId, query: SspExportQuery) {
    const { format, ...range } = query;
    const { repos } = this.deps;
    const { totals } = await repos.adReports.report(cabinetId, range, 0, 0);
    checkExportRows(format, totals.groups, 'choose a shorter period');
    const table: ExportTable = {
      title: `SSP report ${rangeTitle(range)}`,
      columns: [
        { title: 'Hour (UTC)', width: 140 },
        { title: 'Source', width: 80 },
        { title: 'Shows', width: 60, numeric: true },
        { title: 'Impressions', width: 90, numeric: true },
        { title: 'Cost', width: 80, numeric: true },
        { title: 'Revenue', width: 80, numeric: true },
      ],
      rows: pages(
        async (offset) => {
          const page = await repos.adReports.report(cabinetId, range, offset, EXPORT_PAGE);
          return page.rows.map((r): Cells => [
            iso(r.hour),
            r.source,
            r.shows,
            number(r.impressions),
            number(r.revenue),
            number(r.revenue),
          ]);
        },
        [
          [
            'Total',
            null,
            totals.shows,
            number(totals.impressions),
            number(totals.revenue),
            number(totals.revenue),
          ],
        ],
      ),
    };
    return this.file('ssp-report', format, range, table);
  }

  /** Every ad show of the range as a file. */
  async exportShows(cabinetId: CabinetId, query: SspExportQuery) {
    const { format, ...range } = query;
    const { repos } = this.deps;
    const { total } = await repos.adReports.shows(cabinetId, range, 0, 0);
    checkExportRows(format, total, 'choose a shorter period');
    const table: ExportTable = {
      title: `SSP shows ${rangeTitle(range)}`,
      columns: [
        { title: 'Played (UTC)', width: 140 },
        { title: 'Supplier', width: 100 },
        { title: 'Creative', width: 130 },
        { title: 'Screen', width: 120 },
        { title: 'Price (CPM)', width: 70, numeric: true },
        { title: 'Currency', width: 50 },
        { title: 'Impressions', width: 70, numeric: true },
        { title: 'Revenue', width: 70, numeric: true },
        { title: 'Source', width: 60 },
      ],
      rows: pages(async (offset) => {
        const page = await repos.adReports.shows(cabinetId, range, offset, EXPORT_PAGE);
        return page.rows.map((r): Cells => [
          iso(r.played_at),
          r.supplier_name,
          r.file_name,
          r.point_name,
          number(r.price_micros),
          r.currency,
          number(r.multiplier_micros),
          number(r.revenue_micros),
          r.source,
        ]);
      }),
    };
    return this.file('ssp-shows', format, range, table);
  }

  private file(name: string, format: ExportFormat, range: SspQueryRange, table: ExportTable) {
    const days = [range.from, range.to].filter(Boolean).join('_') || 'all';
    return { name: `${name}-${days}.${format}`, ...exportStream(format, table, this.deps.log) };
  }

  /**
   * The playlist's screens the SSP connector leaves out (docs/ssp.md, "Which screens are offered"), each
   * with the fields it lacks; another cabinet's playlist is 404.
   */
  async playlistMissing(cabinetId: CabinetId, playlistId: number): Promise<SspMissingList> {
    const screens = await this.deps.repos.ads.playlistScreens(cabinetId, playlistId);
    if (!screens) throw new AppError('NOT_FOUND');
    return {
      data: screens.flatMap((s) => {
        const missing = sspMissing(sspFactsOf(s));
        return missing.length > 0 ? [{ pointId: s.id, name: s.name, missing }] : [];
      }),
    };
  }

  /** 'Approve requested': the owner lets an advertiser's creative play; another cabinet's file is 404. */
  async approve(cabinetId: CabinetId, fileId: number): Promise<{ ok: true }> {
    if ((await this.deps.repos.ads.approveFile(cabinetId, fileId)) === 0) throw new AppError('NOT_FOUND');
    return { ok: true };
  }
}

type SspQueryRange = Pick<SspQuery, 'from' | 'to'>;
const rangeTitle = (range: SspQueryRange) => `${range.from ?? '…'} – ${range.to ?? '…'}`;
/** Micro-units as a number for a spreadsheet cell (the exact decimal's value). */
const number = (micros: string | number) => Number(decimal(micros));

/** A table's rows read page by page at growing offsets, then any closing rows (a totals row). */
async function* pages(read: (offset: number) => Promise<Cells[]>, closing: Cells[] = []) {
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const page = await read(offset);
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE) break;
  }
  if (closing.length > 0) yield closing;
}

/** Ours, theirs and the gap of one reconciliation row (or its totals), as exact decimals. */
function sides(r: Omit<ReconciliationSums, 'hour' | 'supplier_id' | 'supplier' | 'reported'>) {
  const gap = (a: string | number, b: string | number) => decimal(Number(a) - Number(b));
  return {
    ours: { shows: r.our_shows, impressions: decimal(r.our_impressions), revenue: decimal(r.our_revenue) },
    theirs: {
      shows: r.their_shows,
      impressions: decimal(r.their_impressions),
      revenue: decimal(r.their_revenue),
    },
    difference: {
      shows: r.their_shows - r.our_shows,
      impressions: gap(r.their_impressions, r.our_impressions),
      revenue: gap(r.their_revenue, r.our_revenue),
    },
  };
}
