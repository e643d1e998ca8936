import { lazy } from 'react';

/** The series chart, loaded with its charting library only when a page draws it. */
export const SeriesChart = lazy(() => import('./StatisticsCharts').then((m) => ({ default: m.SeriesChart })));
