import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconClockHour4,
  IconDownload,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, formatSize, type ExportFormat, type ExportJob } from '@vitrine/core';
import { intlLocale } from '../../lib/time';
import type { StatFilters } from './filters';
import { useExports, useSpool, type ExportTarget } from './statistics.api';

const ICONS: Record<ExportFormat, typeof IconFileText> = {
  csv: IconFileText,
  xlsx: IconFileSpreadsheet,
  pdf: IconFileTypePdf,
};

/**
 * Export as CSV, XLSX or PDF: at once (the file downloads) or prepared in the background (it appears in
 * the exports list below the page, with its progress, and downloads from there).
 */
export function ExportMenu({ target, filters }: { target: ExportTarget; filters: StatFilters }) {
  const { direct, background } = useExports();
  return (
    <FormatMenu
      loading={direct.isPending || background.isPending}
      onDownload={(format) => direct.mutate({ target, format, filters })}
      onPrepare={(format) => background.mutate({ target, format, filters })}
    />
  );
}

/** The export button and its formats: download at once, and (where offered) prepare in the background. */
export function FormatMenu({
  loading,
  onDownload,
  onPrepare,
}: {
  loading: boolean;
  onDownload: (format: ExportFormat) => void;
  onPrepare?: (format: ExportFormat) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" leftSection={<IconDownload size={16} />} loading={loading}>
          {t('statistics.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('statistics.download')}</Menu.Label>
        {EXPORT_FORMATS.map((format) => {
          const Icon = ICONS[format];
          return (
            <Menu.Item key={format} leftSection={<Icon size={16} />} onClick={() => onDownload(format)}>
              {t(`statistics.formats.${format}`)}
            </Menu.Item>
          );
        })}
        {onPrepare && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('statistics.background')}</Menu.Label>
            {EXPORT_FORMATS.map((format) => (
              <Menu.Item
                key={format}
                leftSection={<IconClockHour4 size={16} />}
                onClick={() => onPrepare(format)}
              >
                {t('statistics.prepare', { format: t(`statistics.formats.${format}`) })}
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

const STATUS_COLORS: Record<ExportJob['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** The cabinet's background exports, newest first; the list polls itself while one is under way. */
export function SpoolList() {
  const { t, i18n } = useTranslation();
  const { data } = useSpool();
  const jobs = data?.list ?? [];
  if (jobs.length === 0) return null;
  const when = (iso: string) =>
    new Date(iso).toLocaleString(intlLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="spool-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="spool-title">
          {t('statistics.spool')}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('statistics.spoolFile')}</Table.Th>
                <Table.Th>{t('statistics.spoolCreated')}</Table.Th>
                <Table.Th w={220}>{t('statistics.spoolStatus')}</Table.Th>
                <Table.Th ta="right">{t('statistics.spoolSize')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>
                    {job.status === 'done' && job.url ? (
                      <Anchor href={job.url} download={job.name} size="sm">
                        {job.name}
                      </Anchor>
                    ) : (
                      <Text size="sm">{job.name}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(job.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {job.status === 'running' || job.status === 'queued' ? (
                      <Group gap="xs" wrap="nowrap">
                        <Progress
                          value={job.progress}
                          flex={1}
                          animated
                          aria-label={t('statistics.progressOf', { name: job.name })}
                        />
                        <Text size="xs" c="dimmed" w={36} ta="right">
                          {job.progress}%
                        </Text>
                      </Group>
                    ) : (
                      <Badge color={STATUS_COLORS[job.status]} variant="light" title={job.error ?? undefined}>
                        {t(`statistics.statuses.${job.status}`)}
                      </Badge>
                    )}
                    {job.status === 'failed' && job.error && (
                      <Text size="xs" c="red">
                        {job.error}
                      </Text>
                    )}
                    {job.expiresAt && (
                      <Text size="xs" c="dimmed">
                        {t('statistics.spoolKeptUntil', { date: when(job.expiresAt) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{job.size === null ? '—' : formatSize(job.size)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
