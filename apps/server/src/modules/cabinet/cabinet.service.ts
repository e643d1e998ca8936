import { can, type Cabinet, type CabinetInfo, type CabinetPatchBody } from '@vitrine/core';
import { asCabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import { homeCabinet, type Caller } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { toCabinet, toUser } from '../user/user.presenter.js';
import type { BillingAdmin } from '../billing/admin.js';

/** Cabinets: the tenant. Customers see their own; the platform admin sees every customer cabinet. */
export class CabinetService {
  constructor(
    private readonly repos: Pick<Repositories, 'cabinets' | 'users'>,
    /** Tariff, discount and the block are billing's terms: it records each change (docs/billing.md). */
    private readonly billing: BillingAdmin,
  ) {}

  async list(
    caller: Caller,
    query: { page: number; limit: number; search?: string },
  ): Promise<{ cabinets: Cabinet[]; total: number }> {
    if (can(caller.role, 'cabinet.all')) {
      const { rows, total } = await this.repos.cabinets.platformList(query);
      return { cabinets: rows.map(toCabinet), total };
    }
    const own = await this.repos.cabinets.findById(caller.cabinetId);
    return own ? { cabinets: [toCabinet(own)], total: 1 } : { cabinets: [], total: 0 };
  }

  async get(caller: Caller, id: number): Promise<Cabinet> {
    if (!can(caller.role, 'cabinet.all') && id !== caller.cabinetId) throw notFound();
    const row = await this.repos.cabinets.findById(asCabinetId(id));
    if (!row) throw notFound();
    return toCabinet(row);
  }

  async info(caller: Caller): Promise<CabinetInfo> {
    const cabinet = await this.repos.cabinets.findById(caller.cabinetId);
    if (!cabinet) throw notFound();
    const members = await this.repos.users.listInCabinet(caller.cabinetId);
    return { cabinet: toCabinet(cabinet), members: members.map(toUser) };
  }

  /** The owner decides whether content edits by content managers and agents need approval. */
  async setApproval(caller: Caller, approvalRequired: boolean): Promise<Cabinet> {
    await this.repos.cabinets.update(caller.cabinetId, { approvalRequired });
    const row = await this.repos.cabinets.findById(caller.cabinetId);
    if (!row) throw notFound();
    return toCabinet(row);
  }

  /**
   * The owner decides whether members who may manage their security must turn two-factor on; the owner
   * turns it on for themselves first, so the requirement never locks them out of their own cabinet.
   */
  async setTwoFaRequired(caller: Caller, twoFaRequired: boolean): Promise<Cabinet> {
    if (twoFaRequired) {
      const owner = await this.repos.users.findInCabinet(homeCabinet(caller), caller.userId);
      if (!owner?.isTwoFaEnabled) throw new AppError('TWOFA_NOT_ENABLED');
    }
    await this.repos.cabinets.update(caller.cabinetId, { twoFaRequired });
    const row = await this.repos.cabinets.findById(caller.cabinetId);
    if (!row) throw notFound();
    return toCabinet(row);
  }

  /**
   * Admin only: the name here; tariff, discount and the blocked flag through billing, so each change is
   * in the cabinet's ledger with who made it and why (never a silent change of terms).
   */
  async patch(caller: Caller, named: number, body: CabinetPatchBody): Promise<Cabinet> {
    const id = asCabinetId(named);
    const existing = await this.repos.cabinets.findById(id);
    if (!existing || existing.isPlatform) throw notFound();
    const { name, tariff, discount, blocked, note } = body;
    if (name !== undefined) await this.repos.cabinets.update(id, { name });
    await this.billing.terms(caller, id, { tariff, nonCommercialPercent: discount, blocked, note });
    return toCabinet((await this.repos.cabinets.findById(id))!);
  }
}
