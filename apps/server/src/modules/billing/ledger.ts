import {
  LEDGER_REASON_LABELS,
  formatMinor,
  type ExportFormat,
  type LedgerEntry,
  type LedgerReason,
} from '@vitrine/core';
import { PassThrough, type Readable } from 'node:stream';
import type { CabinetId } from '../../db/cabinet-id.js';
import { checkViolation } from '../../db/errors.js';
import type { Transact } from '../../db/repositories.js';
import { EXPORT_MIME, writeExport } from '../statistic/export.js';
import type { EntryWithActor } from './billing.repository.js';
import type { DailyCharge } from './daily-charge.js';
import type { Invoices } from './invoices.js';
import { BALANCE_CHECK, BALANCE_MAX_CHECK, balanceRefusal, balanceTooLarge } from './refusals.js';
import type { AccountTerms } from './terms.js';

export interface LedgerDeps {
  terms: AccountTerms;
  transact: Transact;
  charges: DailyCharge;
  invoices: Invoices;
  log: (message: string, error?: unknown) => void;
}

const toEntry = (row: EntryWithActor): LedgerEntry => ({
  id: row.id,
  reason: row.reason,
  amount: row.amount,
  day: row.day,
  note: row.note,
  actor: row.actor,
  lines: row.lines ?? null,
  terms: row.terms ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The prepaid ledger (docs/billing.md, "Ledger"): every move of a balance is an entry in integer minor
 * units, written in the transaction that moves the balance; read a page at a time or exported as a file.
 */
export class Ledger {
  constructor(private readonly deps: LedgerDeps) {}

  /** Balances from before the ledger opened get their opening entry (once). */
  async openBalances(): Promise<void> {
    await this.deps.terms.repos.billing.platformOpenBalances();
  }

  async entries(
    cabinetId: CabinetId,
    query: { page: number; limit: number; reason?: LedgerReason | undefined },
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    const { rows, total } = await this.deps.terms.repos.billing.ledger(cabinetId, query);
    return { entries: rows.map(toEntry), total };
  }

  /** Money in or out by hand or by a payment; today's unpaid screens are charged at once (unlocks). */
  async record(
    cabinetId: CabinetId,
    entry: { reason: LedgerReason; amount: number; note?: string; actorId?: number; reference?: string },
  ): Promise<void> {
    try {
      await this.deps.transact(async (repos) => {
        await repos.billing.lockAccount(cabinetId);
        const row = await repos.billing.addEntry(cabinetId, entry);
        if (entry.reason === 'topUp') await this.deps.invoices.issue(repos, cabinetId, row);
      });
    } catch (error) {
      if (checkViolation(error, BALANCE_CHECK)) throw balanceRefusal();
      if (checkViolation(error, BALANCE_MAX_CHECK)) throw balanceTooLarge();
      throw error;
    }
    await this.deps.charges.chargeDay(cabinetId);
  }

  /** The ledger as a file, written as it is read (a page of entries at a time). */
  export(
    cabinetId: CabinetId,
    query: { format: ExportFormat; reason?: LedgerReason | undefined },
  ): { name: string; mime: string; stream: Readable } {
    const { terms, log } = this.deps;
    const repos = terms.repos;
    const rows = async function* () {
      for (let page = 1; ; page++) {
        const { rows } = await repos.billing.ledger(cabinetId, { page, limit: 500, reason: query.reason });
        yield rows.map((r) => [
          r.createdAt.toISOString(),
          LEDGER_REASON_LABELS[r.reason],
          formatMinor(r.amount),
          r.day,
          r.note,
          r.actor,
        ]);
        if (rows.length < 500) return;
      }
    };
    const out = new PassThrough();
    const table = {
      title: 'Ledger',
      columns: [
        { title: 'Date', width: 22 },
        { title: 'Reason', width: 20 },
        { title: `Amount, ${terms.config.currency.toUpperCase()}`, width: 14, numeric: true },
        { title: 'Day', width: 12 },
        { title: 'Note', width: 40 },
        { title: 'By', width: 16 },
      ],
      rows: rows(),
    };
    writeExport(query.format, table, out).catch((error: unknown) => {
      log('billing: ledger export failed', error);
      out.destroy(error as Error);
    });
    return { name: `ledger.${query.format}`, mime: EXPORT_MIME[query.format], stream: out };
  }
}
