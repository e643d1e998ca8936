import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SspShowList } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListHeader } from '../../lib/list/ListKit';
import { SspPager } from './SspPager';
import { SspExportMenu, useSspPage, when } from './SspShared';
import { useSspShows } from './ssp.api';

type Show = SspShowList['data'][number];

/** /ssp/list: every ad show. */
export function SspListPage() {
  const { t, i18n } = useTranslation();
  const { range, paging, filterBar } = useSspPage();
  const { data } = useSspShows(range, paging.page, paging.limit);
  const columns: Column<Show>[] = [
    {
      key: 'datetime',
      header: t('ssp.playedUtc'),
      nowrap: true,
      cell: (s) => when(s.datetime, i18n.language),
    },
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
      <ListHeader title={t('menu.sspList')}>
        <SspExportMenu what="list" range={range} />
      </ListHeader>
      {filterBar}
      {!data ? (
        <Loader />
      ) : (
        <>
          <DataTable
            rows={data.data}
            rowKey={(s) => s.id}
            columns={columns}
            label={t('menu.sspList')}
            minWidth={900}
            empty={<Text>{t('ssp.empty')}</Text>}
          />
          <SspPager total={data.total} {...paging} />
        </>
      )}
    </Stack>
  );
}
