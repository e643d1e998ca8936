import { Supplier, SupplierChangeList, SupplierCreate, SupplierList, SupplierPatch } from '../schemas/ssp.js';
import { IdParams, PageQuery } from '../schemas/common.js';
import { defineRoute, defineRoutes } from './route.js';

/**
 * The platform admin's ad suppliers (docs/ssp.md, "Suppliers"; spec §3 supplier kinds; §6 admin route):
 * installation-wide, not a cabinet's rows.
 */
export const supplierApi = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/ssp/supplier',
    access: 'admin.route',
    summary: 'Ad suppliers: adapter, endpoint, currency, floor, timeout, enabled and kind',
    tags: ['ssp'],
    query: PageQuery,
    response: SupplierList,
  }),
  post: defineRoute({
    method: 'POST',
    path: '/api/admin/ssp/supplier/post',
    access: 'admin.route',
    summary: 'Add an ad supplier',
    tags: ['ssp'],
    body: SupplierCreate,
    response: Supplier,
  }),
  patch: defineRoute({
    method: ['POST', 'PATCH'],
    path: '/api/admin/ssp/supplier/patch/:id',
    access: 'admin.route',
    summary: 'Change an ad supplier (recorded with who did it)',
    tags: ['ssp'],
    params: IdParams,
    body: SupplierPatch,
    response: Supplier,
  }),
  changes: defineRoute({
    method: 'GET',
    path: '/api/admin/ssp/supplier/:id/changes',
    access: 'admin.route',
    summary: "An ad supplier's changes: who, when, what",
    tags: ['ssp'],
    params: IdParams,
    query: PageQuery,
    response: SupplierChangeList,
  }),
});
