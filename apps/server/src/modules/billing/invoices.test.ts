import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/build.js';
import { createUser, type TestUser } from '../../test/factories.js';

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p += 1) {
    const content = await (await doc.getPage(p)).getTextContent();
    parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return parts.join('\n');
}

/** Numbered invoices (docs/billing.md, "Invoices"): every top-up gets the next number, platform-wide. */
describe('invoices', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ BILLING: 'on' });
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const entry = (cabinetId: number, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/api/admin/cabinets/${cabinetId}/entry`, { token: admin.token, body });
  const numbers = async (who: TestUser) =>
    (
      (await call(t.app, 'GET', '/api/funds/invoices', { token: who.token, query: { limit: '100' } })).json()
        .invoices as { number: number }[]
    ).map((i) => i.number);

  it('top-ups made at once get sequential numbers without gaps; refunds and corrections get none', async () => {
    const owners = await Promise.all([1, 2, 3].map(() => createUser(t, { role: 'owner' })));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        entry(owners[i % 3]!.row.cabinetId, { reason: 'topUp', amount: 100 + i, note: `transfer ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(24).fill(200));
    await entry(owners[0]!.row.cabinetId, { reason: 'refund', amount: -50, note: 'refund' });
    await entry(owners[0]!.row.cabinetId, { reason: 'correction', amount: 7, note: 'fix' });
    // A refund the balance cannot cover is refused: its transaction rolls back, taking no number.
    const empty = await createUser(t, { role: 'owner' });
    expect((await entry(empty.row.cabinetId, { reason: 'refund', amount: -5, note: 'x' })).statusCode).toBe(
      402,
    );
    const all = (await Promise.all(owners.map(numbers))).flat().sort((a, b) => a - b);
    expect(all).toHaveLength(24);
    expect(all).toEqual(Array.from({ length: 24 }, (_, i) => all[0]! + i));
    // The next top-up follows on.
    await entry(empty.row.cabinetId, { reason: 'topUp', amount: 999, note: 'next' });
    expect(await numbers(empty)).toEqual([all.at(-1)! + 1]);
  });

  it('downloads as a PDF with its number and amount, for the owner and the admin only', async () => {
    const owner = await createUser(t, { role: 'owner' });
    const other = await createUser(t, { role: 'owner' });
    await entry(owner.row.cabinetId, { reason: 'topUp', amount: 123456, note: 'Bank transfer 77' });
    const [number] = await numbers(owner);
    const url = `/api/funds/invoices/${number}/pdf`;
    const res = await call(t.app, 'GET', url, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`invoice-${String(number).padStart(6, '0')}.pdf`);
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(body);
    expect(text).toContain(`Invoice ${String(number).padStart(6, '0')}`);
    expect(text).toContain('1234.56 USD');
    expect(text).toContain('Bank transfer 77');
    // Another cabinet's invoice is not found; the admin reads any.
    expect((await call(t.app, 'GET', url, { token: other.token })).statusCode).toBe(404);
    const byAdmin = await call(t.app, 'GET', `/api/admin/invoices/${number}/pdf`, { token: admin.token });
    expect(byAdmin.statusCode).toBe(200);
    expect(await pdfText(byAdmin.rawPayload)).toContain('1234.56 USD');
    const list = await call(t.app, 'GET', `/api/admin/cabinets/${owner.row.cabinetId}/invoices`, {
      token: admin.token,
    });
    expect(list.json().invoices).toEqual([expect.objectContaining({ number, amount: 123456 })]);
    expect(
      (await call(t.app, 'GET', `/api/admin/invoices/${number}/pdf`, { token: owner.token })).statusCode,
    ).toBe(403);
  });
});
