import type { Log, Module } from '../../app-types.js';
import { AdService, type AdServiceDeps } from './ad.service.js';
import { SspReportService } from './ssp-report.service.js';
import { sspRoutes } from './ssp.routes.js';
import { SupplierService } from './supplier.service.js';

type SupplierRepos = ConstructorParameters<typeof SupplierService>[0]['repos'];
type ReportRepos = ConstructorParameters<typeof SspReportService>[0]['repos'];

export interface SspModuleDeps extends Pick<
  AdServiceDeps,
  'media' | 'fetchPolicy' | 'allowed' | 'leftoverGaps' | 'tell'
> {
  repos: AdServiceDeps['repos'] & SupplierRepos & ReportRepos;
  /** The installation's brand name, in the seeded suppliers. */
  productName: string;
  warn: (message: string) => void;
  log: Log;
}

/**
 * The SSP connector (docs/ssp.md): ad suppliers, seeded once into an installation without any; the ads
 * won ahead of their slots and carried in the screens' manifests; and their report.
 */
export async function createSspModule(deps: SspModuleDeps) {
  const { repos, media, warn, log, productName, ...ads } = deps;
  const suppliers = new SupplierService({ repos, productName });
  await suppliers.seed();
  const services = {
    suppliers,
    ads: new AdService({ repos, media, log: warn, ...ads }),
    sspReports: new SspReportService({ repos, media, log }),
  };
  return {
    services,
    routes: [async (app) => sspRoutes(app, services)],
  } satisfies Module<object>;
}
