import { describe, expect, it } from 'vitest';
import { SupplierCreate, type Supplier } from '@vitrine/core';
import { supplierValues } from './supplierValues';

describe('supplierValues', () => {
  it('gives a new supplier defaults the schema accepts once named', () => {
    const values = supplierValues(null);
    expect(values).toMatchObject({ kind: 'MARKET', adapter: 'openrtb', key: null, enabled: false });
    expect(SupplierCreate.safeParse({ ...values, name: 'Market' }).success).toBe(true);
  });

  it("fills a supplier's own settings and never its key", () => {
    const supplier = { name: 'X', currency: 'EUR', timeoutMs: 300, enabled: true, hasKey: true } as Supplier;
    expect(supplierValues(supplier)).toMatchObject({
      name: 'X',
      currency: 'EUR',
      timeoutMs: 300,
      enabled: true,
      key: null,
    });
  });
});
