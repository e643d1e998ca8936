import { listPagingSearch } from '../../features/statistics/filters';
import { lazy, statisticsPage } from './kit';

/** Statistics, impressions and the SSP's reports, their filters in the address. */
export const statisticsRoutes = [
  statisticsPage(
    '/statistics/report',
    ['can:statistics.report'],
    lazy(() => import('../../features/statistics/ReportPage'), 'ReportPage'),
    (search): Record<string, string> =>
      search.view === 'instances' || search.view === 'files' ? { view: search.view } : {},
  ),
  statisticsPage(
    '/statistics/list',
    ['can:statistics.list'],
    lazy(() => import('../../features/statistics/ListPage'), 'ListPage'),
    listPagingSearch,
  ),
  statisticsPage(
    '/impressions',
    ['can:impressions'],
    lazy(() => import('../../features/impressions/ImpressionsPage'), 'ImpressionsPage'),
  ),
  statisticsPage(
    '/ssp/report',
    ['can:ssp.route'],
    lazy(() => import('../../features/ssp/SspReportPage'), 'SspReportPage'),
    (search): Record<string, string> => (search.view === 'reconciliation' ? { view: search.view } : {}),
  ),
  statisticsPage(
    '/ssp/list',
    ['can:ssp.list'],
    lazy(() => import('../../features/ssp/SspListPage'), 'SspListPage'),
  ),
  statisticsPage(
    '/ssp/files',
    ['can:ssp.files'],
    lazy(() => import('../../features/ssp/SspFilesPage'), 'SspFilesPage'),
  ),
];
