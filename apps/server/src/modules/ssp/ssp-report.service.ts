import { fromMicros, type SspFileList, type SspQuery, type SspReport, type SspShowList } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import { AppError } from '../../lib/errors.js';
import type { MediaService } from '../media/media.service.js';

const iso = (value: string | Date) => new Date(value).toISOString();
const decimal = (micros: string | number) => fromMicros(Number(micros));

/**
 * The cabinet's SSP pages (docs/ssp.md, "Reports"): income by hour, every ad show, the creatives received.
 * Money comes from the ads' micro-units, summed in the database and written as exact decimals; a show's
 * cost to the advertiser is its revenue here (price / 1000 × multiplier; no platform share is taken).
 */
export class SspReportService {
  constructor(private readonly deps: { repos: Repositories; media: MediaService }) {}

  async report(cabinetId: CabinetId, query: SspQuery): Promise<SspReport> {
    const { rows, totals } = await this.deps.repos.ads.report(
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
    };
  }

  async shows(cabinetId: CabinetId, query: SspQuery): Promise<SspShowList> {
    const { rows, total } = await this.deps.repos.ads.shows(
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
    const { rows, total } = await repos.ads.creatives(cabinetId, (query.page - 1) * query.limit, query.limit);
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

  /** 'Approve requested': the owner lets an advertiser's creative play; another cabinet's file is 404. */
  async approve(cabinetId: CabinetId, fileId: number): Promise<{ ok: true }> {
    if ((await this.deps.repos.ads.approveFile(cabinetId, fileId)) === 0) throw new AppError('NOT_FOUND');
    return { ok: true };
  }
}
