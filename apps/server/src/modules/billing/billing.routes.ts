import { Readable } from 'node:stream';
import { adminApi, fundsApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { BillingService } from './billing.service.js';
import { asCabinetId } from '../../db/cabinet-id.js';
import { attachment } from '../../lib/attachment.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

/** The owner's funds, Stripe's webhook, and the platform admin's billing console (docs/billing.md). */
export async function billingRoutes(
  app: App,
  { services }: { services: { billing: BillingService } },
): Promise<void> {
  const { billing } = services;

  route(app, fundsApi.get, async (request) => billing.funds(requireCaller(request)));

  route(app, fundsApi.ledger, async (request) =>
    billing.ledger(requireCaller(request).cabinetId, request.query),
  );

  route(app, fundsApi.export, async (request, reply) =>
    attachment(reply, billing.exportLedger(requireCaller(request).cabinetId, request.query)),
  );

  route(app, fundsApi.switchTariff, async (request) =>
    billing.switchTariff(requireCaller(request), request.body.tariff),
  );

  route(app, fundsApi.recharge, async (request) =>
    billing.recharge(requireCaller(request), request.body.amount),
  );

  route(app, fundsApi.payment, async (request) =>
    billing.payment(requireCaller(request), request.query.session),
  );

  // The signature covers the exact bytes Stripe sent: this route alone reads its body as text.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    route(raw, fundsApi.stripeWebhook, async (request) => {
      const signature = request.headers['stripe-signature'];
      await billing.webhook(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
      );
      return { ok: true as const };
    });
  });

  route(app, adminApi.cabinets, async (request) => billing.adminList(request.query));

  route(app, adminApi.ledger, async (request) =>
    billing.adminLedger(asCabinetId(request.params.id), request.query),
  );

  route(app, adminApi.entry, async (request) =>
    billing.adminEntry(requireCaller(request), asCabinetId(request.params.id), request.body),
  );

  route(app, adminApi.terms, async (request) =>
    billing.adminTerms(requireCaller(request), asCabinetId(request.params.id), request.body),
  );

  route(app, adminApi.tariffs, async () => billing.adminTariffs());

  route(app, adminApi.saveTariff, async (request) =>
    billing.saveTariff(requireCaller(request), request.body),
  );

  route(app, adminApi.removeTariff, async (request) =>
    billing.removeTariff(requireCaller(request), request.body),
  );

  route(app, adminApi.defaultTariff, async (request) => billing.setDefaultTariff(request.body.tariff));

  route(app, adminApi.tariffHistory, async (request) => billing.tariffHistory(request.query));

  const pdf = (file: { name: string; body: Buffer }) => ({
    name: file.name,
    mime: 'application/pdf',
    stream: Readable.from([file.body]),
  });

  route(app, fundsApi.invoices, async (request) =>
    billing.invoices(requireCaller(request).cabinetId, request.query),
  );

  route(app, fundsApi.invoicePdf, async (request, reply) =>
    attachment(reply, pdf(await billing.invoicePdf(requireCaller(request).cabinetId, request.params.number))),
  );

  route(app, adminApi.invoices, async (request) =>
    billing.adminInvoices(asCabinetId(request.params.id), request.query),
  );

  route(app, adminApi.invoicePdf, async (request, reply) =>
    attachment(reply, pdf(await billing.adminInvoicePdf(request.params.number))),
  );
}
