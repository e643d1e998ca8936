import { useQuery } from '@tanstack/react-query';
import { supplierApi, type SupplierCreate, type SupplierPatch } from '@vitrine/core';
import { call, keyOf } from '../../api/contract';

/** GET /api/admin/ssp/supplier: every ad supplier (a handful: one page). */
export function useSuppliers() {
  const query = { page: 1, limit: 100 };
  return useQuery({
    queryKey: keyOf(supplierApi.list, { query }),
    queryFn: () => call(supplierApi.list, { query }),
  });
}

/** GET /api/admin/ssp/supplier/:id/changes: who changed what, newest first. */
export function useSupplierChanges(id: number) {
  const query = { page: 1, limit: 20 };
  return useQuery({
    queryKey: keyOf(supplierApi.changes, { params: { id }, query }),
    queryFn: () => call(supplierApi.changes, { params: { id }, query }),
  });
}

export const createSupplier = (body: SupplierCreate) => call(supplierApi.post, { body });
export const patchSupplier = (id: number, body: SupplierPatch) =>
  call(supplierApi.patch, { params: { id }, body });
