import type { Invoice } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories } from '../../db/repositories.js';
import { AppError } from '../../lib/errors.js';
import { invoiceNumber, invoicePdf } from './invoice.pdf.js';
import type { AccountTerms } from './terms.js';

/** Numbered invoices (docs/billing.md, "Invoices"): one per top-up, platform-wide, and its PDF. */
export class Invoices {
  constructor(
    private readonly terms: AccountTerms,
    /** Who issues invoices (the installation's brand name). */
    private readonly issuer: string,
  ) {}

  /** A top-up's invoice, numbered in the payment's own transaction (platform-wide, without gaps). */
  async issue(
    repos: Repositories,
    cabinetId: CabinetId,
    entry: { id: number; amount: number },
  ): Promise<void> {
    await repos.billing.addInvoice(cabinetId, {
      number: await repos.billing.platformNextInvoiceNumber(),
      entryId: entry.id,
      amount: entry.amount,
      currency: this.terms.config.currency,
    });
  }

  async list(
    cabinetId: CabinetId,
    query: { page: number; limit: number },
  ): Promise<{ invoices: Invoice[]; total: number }> {
    const { rows, total } = await this.terms.repos.billing.invoices(cabinetId, query);
    return {
      total,
      invoices: rows.map((r) => ({
        number: r.number,
        amount: r.amount,
        currency: r.currency,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** One of the cabinet's invoices as a PDF; another cabinet's number is not found. */
  async pdf(cabinetId: CabinetId, number: number): Promise<{ name: string; body: Buffer }> {
    const row = await this.terms.repos.billing.invoice(cabinetId, number);
    if (!row) throw new AppError('NOT_FOUND');
    const body = await invoicePdf({
      number,
      issuer: this.issuer,
      cabinet: row.cabinet,
      cabinetId,
      amount: row.invoice.amount,
      currency: row.invoice.currency,
      note: row.note,
      paidAt: row.invoice.createdAt,
    });
    return { name: `invoice-${invoiceNumber(number)}.pdf`, body };
  }
}
