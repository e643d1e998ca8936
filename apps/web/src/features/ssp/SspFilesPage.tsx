import { useState } from 'react';
import { Badge, Button, Image, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sspApi, type SspFileList } from '@vitrine/core';
import { areaKey } from '../../api/contract';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListHeader } from '../../lib/list/ListKit';
import { Can } from '../../lib/permissions';
import { SspPager } from './SspPager';
import { useSspPage } from './SspShared';
import { approveSspFile, useSspFiles } from './ssp.api';

type Creative = SspFileList['data'][number];

/**
 * /ssp/files: the creatives received in the range (ads won then), their approval and a preview; the owner approves waiting ones (the
 * ability `playlist.approve` follows the owner-level key `playlist.maxDuration`, as the playlist editor reads it).
 */
export function SspFilesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { range, paging, filterBar } = useSspPage();
  const { data } = useSspFiles(range, paging.page, paging.limit);
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
      {filterBar}
      {!data ? (
        <Loader />
      ) : (
        <>
          <DataTable
            rows={data.data}
            rowKey={(f) => f.id}
            columns={columns}
            label={t('menu.sspFiles')}
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
