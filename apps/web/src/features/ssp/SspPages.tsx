import { useState } from 'react';
import { Badge, Button, Image, Loader, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sspApi, type SspFileList, type SspReport, type SspShowList } from '@vitrine/core';
import { areaKey } from '../../api/contract';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListHeader } from '../../lib/list/ListKit';
import { Can } from '../../lib/permissions';
import { approveSspFile, useSspFiles, useSspReport, useSspShows } from './ssp.api';
import { SspPager } from './SspPager';

type ReportRow = SspReport['data'][number];
const SOURCES = ['auction', 'manual', 'leftover'] as const;
type Show = SspShowList['data'][number];
type Creative = SspFileList['data'][number];

function usePaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(100);
  return {
    page,
    limit,
    onPage: setPage,
    onLimit: (n: number) => {
      setLimit(n);
      setPage(1);
    },
  };
}

const when = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });

/** /ssp/report: ad income by hours and source, with the totals. */
export function SspReportPage() {
  const { t, i18n } = useTranslation();
  const paging = usePaging();
  const { data } = useSspReport(paging.page, paging.limit);
  const columns: Column<ReportRow>[] = [
    { key: 'datetime', header: t('ssp.hour'), cell: (r) => when(r.datetime, i18n.language) },
    { key: 'source', header: t('ssp.source'), cell: (r) => t(`ssp.sources.${r.source}`) },
    { key: 'shows', header: t('ssp.shows'), cell: (r) => r.shows },
    { key: 'impressions', header: t('ssp.impressions'), cell: (r) => r.impressions },
    { key: 'revenue', header: t('ssp.revenue'), cell: (r) => r.revenue },
  ];
  return (
    <Stack>
      <ListHeader title={t('menu.sspReport')} />
      {!data ? (
        <Loader />
      ) : (
        <>
          <Table withTableBorder aria-label={t('ssp.totals')} maw={520}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('ssp.shows')}</Table.Th>
                <Table.Td>{data.totals.shows}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('ssp.impressions')}</Table.Th>
                <Table.Td>{data.totals.impressions}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('ssp.revenue')}</Table.Th>
                <Table.Td>{data.totals.revenue}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <DataTable
            rows={data.data}
            rowKey={(r) => Date.parse(r.datetime) * 4 + SOURCES.indexOf(r.source)}
            columns={columns}
            minWidth={560}
            empty={<Text>{t('ssp.empty')}</Text>}
          />
          <SspPager total={data.total} {...paging} />
        </>
      )}
    </Stack>
  );
}

/** /ssp/list: every ad show. */
export function SspListPage() {
  const { t, i18n } = useTranslation();
  const paging = usePaging();
  const { data } = useSspShows(paging.page, paging.limit);
  const columns: Column<Show>[] = [
    { key: 'datetime', header: t('ssp.played'), cell: (s) => when(s.datetime, i18n.language) },
    { key: 'supplier', header: t('ssp.supplier'), cell: (s) => s.supplier },
    { key: 'file', header: t('ssp.creative'), cell: (s) => s.fileName ?? '—' },
    { key: 'point', header: t('ssp.screen'), cell: (s) => s.pointName },
    { key: 'price', header: t('ssp.price'), cell: (s) => `${s.price} ${s.currency}` },
    { key: 'impressions', header: t('ssp.impressions'), cell: (s) => s.impressions },
    { key: 'revenue', header: t('ssp.revenue'), cell: (s) => s.revenue },
    { key: 'source', header: t('ssp.source'), cell: (s) => t(`ssp.sources.${s.source}`) },
  ];
  return (
    <Stack>
      <ListHeader title={t('menu.sspList')} />
      {!data ? (
        <Loader />
      ) : (
        <>
          <DataTable
            rows={data.data}
            rowKey={(s) => s.id}
            columns={columns}
            minWidth={900}
            empty={<Text>{t('ssp.empty')}</Text>}
          />
          <SspPager total={data.total} {...paging} />
        </>
      )}
    </Stack>
  );
}

/**
 * /ssp/files: the creatives received, their approval and a preview; the owner approves waiting ones (the
 * ability `playlist.approve` follows the owner-level key `playlist.maxDuration`, as the playlist editor reads it).
 */
export function SspFilesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const paging = usePaging();
  const { data } = useSspFiles(paging.page, paging.limit);
  const [busy, setBusy] = useState<number | null>(null);
  const approve = async (id: number) => {
    setBusy(id);
    await approveSspFile(id).then(
      () => client.invalidateQueries({ queryKey: areaKey(sspApi.file) }),
      () => undefined,
    );
    setBusy(null);
  };
  const columns: Column<Creative>[] = [
    {
      key: 'preview',
      header: t('ssp.preview'),
      cell: (f) => (f.thumbUrl ? <Image src={f.thumbUrl} alt={f.name} w={96} h={54} fit="contain" /> : '—'),
    },
    { key: 'name', header: t('ssp.creative'), cell: (f) => f.name },
    { key: 'supplier', header: t('ssp.supplier'), cell: (f) => f.supplier },
    { key: 'shows', header: t('ssp.shows'), cell: (f) => f.shows },
    {
      key: 'approved',
      header: t('ssp.approval'),
      cell: (f) => (
        <Badge variant="light" color={f.approved ? 'green' : 'blue'}>
          {f.approved ? t('ssp.approved') : t('ssp.approveRequested')}
        </Badge>
      ),
    },
  ];
  return (
    <Stack>
      <ListHeader title={t('menu.sspFiles')} />
      {!data ? (
        <Loader />
      ) : (
        <>
          <DataTable
            rows={data.data}
            rowKey={(f) => f.id}
            columns={columns}
            minWidth={720}
            empty={<Text>{t('ssp.noFiles')}</Text>}
            rowAction={{
              header: t('ssp.approve'),
              cell: (f) =>
                f.approved ? null : (
                  <Can permission="playlist.maxDuration">
                    <Button
                      size="xs"
                      loading={busy === f.id}
                      aria-label={t('ssp.approveFile', { name: f.name })}
                      onClick={() => void approve(f.id)}
                    >
                      {t('ssp.approve')}
                    </Button>
                  </Can>
                ),
            }}
          />
          <SspPager total={data.total} {...paging} />
        </>
      )}
    </Stack>
  );
}
