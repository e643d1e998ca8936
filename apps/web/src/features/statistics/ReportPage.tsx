import { Group, Loader, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterBar } from './FilterBar';
import { ExportMenu, SpoolList } from './Exports';
import { ByFiles, ByHour, ByInstances } from './ReportViews';
import { TotalsBar } from './TotalsBar';
import { useReport, type ReportView } from './statistics.api';
import { useFilterSearch } from './useFilterSearch';

const REPORT_VIEWS: readonly ReportView[] = ['hour', 'instances', 'files'];

/** /statistics/report: the report by hours, by instances and by files over shared filters (spec §2). */
export function ReportPage() {
  const { t } = useTranslation();
  const { search, filters, setFilters, setExtra } = useFilterSearch<{ view: ReportView }>();
  const view: ReportView = REPORT_VIEWS.includes(search.view as ReportView)
    ? (search.view as ReportView)
    : 'hour';
  // The figures above the table are the totals of the very report the table shows, so they always agree.
  const totals = useReport(view, filters);
  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1} size="h2">
            {t('menu.report')}
          </Title>
          {totals.isFetching && <Loader size="xs" aria-label={t('statistics.loading')} />}
        </Group>
        <ExportMenu target={view} filters={filters} />
      </Group>
      <FilterBar filters={filters} onChange={(next) => setFilters(next)} />
      <TotalsBar totals={totals.data?.totals} loading={totals.isLoading} />
      <Paper withBorder p="md" radius="md">
        <Tabs
          value={view}
          onChange={(value) => value && setExtra({ view: value as ReportView })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {REPORT_VIEWS.map((v) => (
              <Tabs.Tab key={v} value={v}>
                {t(`statistics.views.${v}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="hour">
            <ByHour filters={filters} />
          </Tabs.Panel>
          <Tabs.Panel value="instances">
            <ByInstances filters={filters} />
          </Tabs.Panel>
          <Tabs.Panel value="files">
            <ByFiles filters={filters} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <SpoolList />
    </Stack>
  );
}
