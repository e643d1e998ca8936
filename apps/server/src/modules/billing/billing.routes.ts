import { Readable } from 'node:stream';
import { adminApi, fundsApi } from '@vitrine/core';
import type { App } from '../../app-types.js';
import type { Billing } from './index.js';
import { asCabinetId } from '../../db/cabinet-id.js';
import { attachment } from '../../lib/attachment.js';
import { route } from '../../lib/route.js';
import { requireCaller } from '../../plugins/access.js';

const pdf = (file: { name: string; body: Buffer }) => ({
  name: file.name,
  mime: 'application/pdf',
  stream: Readable.from([file.body]),
});

/** The owner's funds, Stripe's webhook, and the platform admin's billing console (docs/billing.md). */
export async function billingRoutes(app: App, { billing }: { billing: Billing }): Promise<void> {
  const { funds, ledger, tariffs, recharges, invoices, admin } = billing;

  route(app, fundsApi.get, async (request) => funds.view(requireCaller(request)));

  route(app, fundsApi.ledger, async (request) =>
    ledger.entries(requireCaller(request).cabinetId, request.query),
  );

  route(app, fundsApi.export, async (request, reply) =>
    attachment(reply, ledger.export(requireCaller(request).cabinetId, request.query)),
  );

  route(app, fundsApi.switchTariff, async (request) =>
    tariffs.switchTo(requireCaller(request), request.body.tariff),
  );

  route(app, fundsApi.recharge, async (request) =>
    recharges.checkout(requireCaller(request), request.body.amount),
  );

  route(app, fundsApi.payment, async (request) =>
    recharges.payment(requireCaller(request), request.query.session),
  );

  // The signature covers the exact bytes Stripe sent: this route alone reads its body as text.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    route(raw, fundsApi.stripeWebhook, async (request) => {
      const signature = request.headers['stripe-signature'];
      await recharges.webhook(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
      );
      return { ok: true as const };
    });
  });

  route(app, adminApi.cabinets, async (request) => admin.list(request.query));

  route(app, adminApi.ledger, async (request) => admin.ledger(asCabinetId(request.params.id), request.query));

  route(app, adminApi.entry, async (request) =>
    admin.entry(requireCaller(request), asCabinetId(request.params.id), request.body),
  );

  route(app, adminApi.terms, async (request) =>
    admin.terms(requireCaller(request), asCabinetId(request.params.id), request.body),
  );

  route(app, adminApi.tariffs, async () => tariffs.table());

  route(app, adminApi.saveTariff, async (request) => tariffs.save(requireCaller(request), request.body));

  route(app, adminApi.removeTariff, async (request) => tariffs.remove(requireCaller(request), request.body));

  route(app, adminApi.defaultTariff, async (request) => tariffs.setDefault(request.body.tariff));

  route(app, adminApi.tariffHistory, async (request) => tariffs.history(request.query));

  route(app, fundsApi.invoices, async (request) =>
    invoices.list(requireCaller(request).cabinetId, request.query),
  );

  route(app, fundsApi.invoicePdf, async (request, reply) =>
    attachment(reply, pdf(await invoices.pdf(requireCaller(request).cabinetId, request.params.number))),
  );

  route(app, adminApi.invoices, async (request) =>
    admin.invoices(asCabinetId(request.params.id), request.query),
  );

  route(app, adminApi.invoicePdf, async (request, reply) =>
    attachment(reply, pdf(await admin.invoicePdf(request.params.number))),
  );
}
