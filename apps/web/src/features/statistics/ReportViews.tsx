import { useMemo } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FileReportRow, HourReportRow, InstanceReportRow } from '@vitrine/core';
import type { StatFilters } from './filters';
import { HourChart, useStep } from './HourChart';
import { Empty, ReportTable, useMetricColumns } from './ReportTable';
import { byDay } from './reportSeries';
import { useReport } from './statistics.api';

export function ByHour({ filters }: { filters: StatFilters }) {
  const { t } = useTranslation();
  const metrics = useMetricColumns<HourReportRow>();
  const { data, isLoading } = useReport('hour', filters);
  const step = useStep(filters);
  // The table follows the chart: one row per day (headed Day) or per hour (headed Hour).
  const rows = useMemo(() => (step.daily ? byDay(data?.rows ?? []) : (data?.rows ?? [])), [data, step.daily]);
  if (!data) return isLoading ? <Skeleton h={320} /> : <Empty />;
  if (data.rows.length === 0) return <Empty />;
  return (
    <Stack>
      <HourChart rows={data.rows} filters={filters} step={step} />
      <ReportTable
        caption={t(step.daily ? 'statistics.captions.day' : 'statistics.captions.hour')}
        rows={rows}
        totals={data.totals}
        rowKey={(r) => r.hour}
        columns={[
          {
            key: 'hour',
            label: t(step.daily ? 'statistics.columns.day' : 'statistics.columns.hour'),
            value: (r) => r.hour,
          },
          ...metrics,
        ]}
      />
    </Stack>
  );
}

export function ByInstances({ filters }: { filters: StatFilters }) {
  const { t } = useTranslation();
  const metrics = useMetricColumns<InstanceReportRow>();
  const { data, isLoading } = useReport('instances', filters);
  if (!data) return isLoading ? <Skeleton h={200} /> : <Empty />;
  if (data.rows.length === 0) return <Empty />;
  return (
    <ReportTable
      caption={t('statistics.captions.instances')}
      rows={data.rows}
      totals={data.totals}
      rowKey={(r) => String(r.pointId)}
      columns={[
        {
          key: 'name',
          label: t('statistics.columns.instance'),
          value: (r) => r.name ?? `#${r.pointId}`,
        },
        ...metrics,
      ]}
    />
  );
}

export function ByFiles({ filters }: { filters: StatFilters }) {
  const { t } = useTranslation();
  const metrics = useMetricColumns<FileReportRow>();
  const { data, isLoading } = useReport('files', filters);
  if (!data) return isLoading ? <Skeleton h={200} /> : <Empty />;
  if (data.rows.length === 0) return <Empty />;
  return (
    <ReportTable
      caption={t('statistics.captions.files')}
      rows={data.rows}
      totals={data.totals}
      rowKey={(r) => `${r.playlistId ?? 0}-${r.fileId}`}
      columns={[
        {
          key: 'playlist',
          label: t('statistics.columns.playlist'),
          value: (r) =>
            r.playlist ?? (r.playlistId === null ? t('statistics.noPlaylist') : `#${r.playlistId}`),
        },
        { key: 'file', label: t('statistics.columns.file'), value: (r) => r.file ?? `#${r.fileId}` },
        ...metrics,
      ]}
    />
  );
}
