import {
  SspExportQuery,
  SspFileList,
  SspReconciliation,
  SspQuery,
  SspReport,
  SspShowList,
  Supplier,
  SupplierChangeList,
  SupplierCreate,
  SupplierList,
  SupplierPatch,
  SupplierReportBody,
  SupplierReportResult,
} from '../schemas/ssp.js';
import { IdParams, OkResponse, PageQuery } from '../schemas/common.js';
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
  report: defineRoute({
    method: 'POST',
    path: '/api/admin/ssp/supplier/:id/report',
    access: 'admin.route',
    summary: "Record what a supplier reported for a cabinet, by hour (shows, impressions, revenue)",
    tags: ['ssp'],
    params: IdParams,
    body: SupplierReportBody,
    response: SupplierReportResult,
  }),
});

/** The cabinet's SSP pages (spec §2 /ssp/*; §6 SSP route, files, list: admin, owner, moderator; §7). */
export const sspApi = defineRoutes({
  report: defineRoute({
    method: 'GET',
    path: '/api/ssp/report',
    access: 'ssp.route',
    summary: 'Ad income by hours and source, with totals',
    tags: ['ssp'],
    query: SspQuery,
    response: SspReport,
  }),
  statistic: defineRoute({
    method: 'GET',
    path: '/api/ssp/statistic',
    access: 'ssp.list',
    summary: 'Every ad show: supplier, creative, screen, price, impressions, revenue, source',
    tags: ['ssp'],
    query: SspQuery,
    response: SspShowList,
  }),
  printReport: defineRoute({
    method: 'GET',
    path: '/api/ssp/report/print',
    access: 'ssp.route',
    summary: 'Ad income by hours and source as CSV, XLSX or PDF (attachment)',
    tags: ['ssp'],
    query: SspExportQuery,
  }),
  printList: defineRoute({
    method: 'GET',
    path: '/api/ssp/statistic/print',
    access: 'ssp.list',
    summary: 'Every ad show as CSV, XLSX or PDF (attachment)',
    tags: ['ssp'],
    query: SspExportQuery,
  }),
  reconciliation: defineRoute({
    method: 'GET',
    path: '/api/ssp/reconciliation',
    access: 'ssp.route',
    summary: "Our ad plays, impressions and revenue beside each supplier's own figures, by hour and supplier",
    tags: ['ssp'],
    query: SspQuery,
    response: SspReconciliation,
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/ssp/file',
    access: 'ssp.files',
    summary: 'The ad creatives received, with their approval state',
    tags: ['ssp'],
    query: SspQuery,
    response: SspFileList,
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/ssp/file/approve/:id',
    access: 'playlist.approve',
    summary: "Approve an advertiser's creative before its first play (cabinets that require approval)",
    tags: ['ssp'],
    billing: { feature: 'ssp' },
    params: IdParams,
    response: OkResponse,
  }),
});
