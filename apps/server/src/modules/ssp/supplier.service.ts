import {
  defaultSuppliers,
  fromMicros,
  toMicros,
  type Supplier,
  type SupplierChangeList,
  type SupplierCreate,
  type SupplierList,
  type SupplierPatch,
  type SupplierReportBody,
} from '@vitrine/core';
import { asCabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import type { SspSupplierRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { SupplierValues } from './supplier.repository.js';

const toSupplier = (row: SspSupplierRow & { updatedByName: string | null }): Supplier => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  adapter: row.adapter,
  endpoint: row.endpoint,
  hasKey: row.apiKey !== null,
  currency: row.currency,
  floor: fromMicros(row.floorMicros),
  timeoutMs: row.timeoutMs,
  enabled: row.enabled,
  updatedDate: row.updatedAt.toISOString(),
  updatedBy: row.updatedByName,
});

/** The platform admin's ad suppliers (docs/ssp.md, "Suppliers"): every change recorded with who made it. */
export class SupplierService {
  constructor(
    private readonly deps: {
      repos: Pick<Repositories, 'adReports' | 'ads' | 'cabinets' | 'suppliers'>;
      productName: string;
    },
  ) {}

  /** The spec's kinds, once, into an installation without suppliers (MARKET and ADMIXER disabled). */
  async seed(): Promise<void> {
    await this.deps.repos.suppliers.platformSeed(
      defaultSuppliers(this.deps.productName).map((s) => ({ ...s, currency: 'USD', floorMicros: 0 })),
    );
  }

  async list(query: { page: number; limit: number; search?: string | undefined }): Promise<SupplierList> {
    const { rows, total } = await this.deps.repos.suppliers.platformList(
      (query.page - 1) * query.limit,
      query.limit,
      query.search,
    );
    return { data: rows.map(toSupplier), total };
  }

  async create(caller: Caller, body: SupplierCreate): Promise<Supplier> {
    const { suppliers } = this.deps.repos;
    const values = valuesOf(body);
    const row = await suppliers.platformInsert({ ...values, updatedBy: caller.userId } as SupplierValues);
    await suppliers.platformAddChange(row.id, caller.userId, diff({}, values));
    return this.get(row.id);
  }

  async patch(caller: Caller, id: number, body: SupplierPatch): Promise<Supplier> {
    const { suppliers } = this.deps.repos;
    const before = await suppliers.platformGet(id);
    if (!before) throw new AppError('NOT_FOUND');
    const values = valuesOf(body);
    const changes = diff(before, values);
    if (Object.keys(changes).length > 0) {
      await suppliers.platformUpdate(id, { ...values, updatedBy: caller.userId });
      await suppliers.platformAddChange(id, caller.userId, changes);
    }
    return this.get(id);
  }

  async changes(id: number, query: { page: number; limit: number }): Promise<SupplierChangeList> {
    if (!(await this.deps.repos.suppliers.platformGet(id))) throw new AppError('NOT_FOUND');
    const { rows, total } = await this.deps.repos.suppliers.platformChanges(
      id,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return {
      data: rows.map((r) => ({
        id: r.id,
        userName: r.userName,
        createdDate: r.createdAt.toISOString(),
        changes: r.changes,
      })),
      total,
    };
  }

  /**
   * Records what a supplier reported for a cabinet, hour by hour (docs/ssp.md, "Reconciliation"); an
   * unknown supplier or cabinet is 404. Impressions and revenue are read exactly into micro-units.
   */
  async report(caller: Caller, id: number, body: SupplierReportBody): Promise<{ saved: number }> {
    const { repos } = this.deps;
    if (!(await repos.suppliers.platformGet(id))) throw new AppError('NOT_FOUND');
    // A cabinet the platform admin names: its row is looked up before anything is written for it.
    const cabinet = await repos.cabinets.findById(asCabinetId(body.cabinetId));
    if (!cabinet) throw new AppError('NOT_FOUND');
    const saved = await repos.adReports.saveSupplierReports(
      cabinet.id,
      id,
      caller.userId,
      body.rows.map((r) => ({
        hour: new Date(r.hour),
        shows: r.shows,
        impressionsMicros: toMicros(r.impressions),
        revenueMicros: toMicros(r.revenue),
      })),
    );
    return { saved };
  }

  private async get(id: number): Promise<Supplier> {
    const row = await this.deps.repos.suppliers.platformGet(id);
    if (!row) throw new AppError('NOT_FOUND');
    return toSupplier(row);
  }
}

/** The columns a body sets (only the fields it names). */
function valuesOf(body: SupplierPatch): Partial<SupplierValues> {
  const out: Partial<SupplierValues> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.kind !== undefined) out.kind = body.kind;
  if (body.adapter !== undefined) out.adapter = body.adapter;
  if (body.endpoint !== undefined) out.endpoint = body.endpoint;
  if (body.key !== undefined) out.apiKey = body.key;
  if (body.currency !== undefined) out.currency = body.currency;
  if (body.floor !== undefined) out.floorMicros = toMicros(body.floor);
  if (body.timeoutMs !== undefined) out.timeoutMs = body.timeoutMs;
  if (body.enabled !== undefined) out.enabled = body.enabled;
  return out;
}

/** Each changed field's old and new value; a key never shows, only that it changed. */
function diff(
  before: Partial<SupplierValues>,
  after: Partial<SupplierValues>,
): Record<string, { old: unknown; new: unknown }> {
  const out: Record<string, { old: unknown; new: unknown }> = {};
  for (const [key, value] of Object.entries(after) as [keyof SupplierValues, unknown][]) {
    const old = before[key] ?? null;
    if (old === value) continue;
    if (key === 'apiKey')
      out['key'] = { old: old === null ? null : '***', new: value === null ? null : '***' };
    else if (key === 'floorMicros')
      out['floor'] = {
        old: old === null ? null : fromMicros(old as number),
        new: fromMicros(value as number),
      };
    else out[key] = { old, new: value };
  }
  return out;
}
