import type { Supplier, SupplierCreate } from '@vitrine/core';

/** The form's values for a supplier, or a new one's defaults; the key is never shown (empty keeps it). */
export function supplierValues(supplier: Supplier | null): SupplierCreate {
  return {
    name: supplier?.name ?? '',
    kind: supplier?.kind ?? 'MARKET',
    adapter: supplier?.adapter ?? 'openrtb',
    endpoint: supplier?.endpoint ?? null,
    key: null,
    currency: supplier?.currency ?? 'USD',
    floor: supplier?.floor ?? '0',
    timeoutMs: supplier?.timeoutMs ?? 1000,
    enabled: supplier?.enabled ?? false,
  };
}
