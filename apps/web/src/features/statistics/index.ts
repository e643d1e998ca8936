/** What other features use of statistics: the filter bar and its address, dates, numbers, charts, exports. */
export { addDays, presetRange, type Preset, type StatFilters } from './filters';
export { useNumbers } from './format';
export { FilterBar } from './FilterBar';
export { useFilterSearch } from './useFilterSearch';
export { FormatMenu } from './Exports';
export { SeriesChart } from './SeriesChartLazy';
