import { useState } from 'react';
import { Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type FileItem } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { InstanceModal } from './InstanceModal';
import { usePluginInstance, usePluginInstances } from './plugins.api';

/** Opens the form of one instance once its plugin's typed settings are in. */
function ChangeInstance({ fileId, onClose }: { fileId: number; onClose: () => void }) {
  const { data } = usePluginInstance(fileId);
  return data ? <InstanceModal target={{ instance: data }} onClose={onClose} /> : null;
}

/** The cabinet's plugin instances (library files of kind plugin), each changed with its plugin's form. */
export function InstancesList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const { data, isLoading } = usePluginInstances(page, limit);
  const [changing, setChanging] = useState<number | null>(null);
  const columns: Column<FileItem>[] = [
    { key: 'name', header: t('plugins.instanceName'), cell: (file) => file.name },
    {
      key: 'change',
      header: t('plugins.actions'),
      cell: (file) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setChanging(file.id)}
          aria-label={t('plugins.changeInstance', { name: file.name })}
        >
          {t('plugins.change')}
        </Button>
      ),
    },
  ];
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('plugins.instances')}
      </Title>
      <DataTable
        rows={data?.files ?? []}
        rowKey={(file) => file.id}
        columns={columns}
        minWidth={360}
        loading={isLoading}
        empty={t('plugins.noInstances')}
      />
      <ListFooter
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        defaultLimit={DEFAULT_PAGE_SIZE}
        onPage={setPage}
        onLimit={(l) => {
          setLimit(l);
          setPage(1);
        }}
      />
      {changing !== null && <ChangeInstance fileId={changing} onClose={() => setChanging(null)} />}
    </Stack>
  );
}
