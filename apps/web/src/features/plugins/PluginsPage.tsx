import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, FileButton, Group, Menu, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BUILTIN_PLUGINS, DEFAULT_PAGE_SIZE, type PluginItem, PluginListQuery } from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { ListHeader, SearchFilter } from '../../lib/list/ListKit';
import { useListSearch } from '../../lib/list/search';
import { InstanceModal } from './InstanceModal';
import { InstancesList } from './InstancesList';
import { usePluginActions, usePluginList } from './plugins.api';
import { usePluginText } from './pluginText';

function PluginName({ plugin }: { plugin: PluginItem }) {
  const text = usePluginText(plugin);
  return (
    <Stack gap={0}>
      <Text fw={500}>{text.name}</Text>
      {text.description && (
        <Text size="xs" c="dimmed">
          {text.description}
        </Text>
      )}
    </Stack>
  );
}

/** The list's columns: name, version, source, offline or not, origins, and a new instance's button. */
function usePluginColumns(setMaking: (plugin: PluginItem) => void): Column<PluginItem>[] {
  const { t } = useTranslation();
  return [
    { key: 'name', header: t('plugins.name'), cell: (plugin) => <PluginName plugin={plugin} /> },
    { key: 'version', header: t('plugins.version'), cell: (plugin) => plugin.version },
    {
      key: 'source',
      header: t('plugins.source'),
      cell: (plugin) => (
        <Badge variant="light" color={plugin.builtin ? 'gray' : 'blue'}>
          {t(plugin.builtin ? 'plugins.builtinBadge' : 'plugins.uploadedBadge')}
        </Badge>
      ),
    },
    {
      key: 'offline',
      header: t('plugins.offline'),
      cell: (plugin) => t(plugin.offline ? 'plugins.worksOffline' : 'plugins.needsNetwork'),
    },
    {
      key: 'origins',
      header: t('plugins.origins'),
      cell: (plugin) =>
        plugin.origins.length ? (
          <Text size="xs">{plugin.origins.join(', ')}</Text>
        ) : (
          <Text size="xs" c="dimmed">
            {t('plugins.noOrigins')}
          </Text>
        ),
    },
    {
      key: 'make',
      header: t('plugins.instances'),
      cell: (plugin) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setMaking(plugin)}
          aria-label={t('plugins.newInstanceOf', { name: plugin.name })}
        >
          {t('plugins.newInstance')}
        </Button>
      ),
    },
  ];
}

/**
 * /plugins (docs/studio.md, "Plugins"): the built-in plugins and the cabinet's own, an upload of a
 * plugin's zip, and new instances, each a library file that playlists play. 25 a page.
 */
export function PluginsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { search, update } = useListSearch(PluginListQuery);
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_PAGE_SIZE;
  const { data, isLoading } = usePluginList({ ...search, page, limit });
  const actions = usePluginActions();
  const [making, setMaking] = useState<PluginItem | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;
  useEffect(() => {
    if (data && page > pages) update({ page: pages });
  }, [data, page, pages, update]);

  const remove = async (plugin: PluginItem) => {
    if (plugin.id === null || !(await confirm())) return;
    actions.remove.mutate(plugin.id);
  };

  const columns = usePluginColumns(setMaking);

  return (
    <Stack>
      <ListHeader title={t('sections.plugins')}>
        <FileButton
          accept=".zip,application/zip"
          onChange={(file) => {
            if (file) actions.upload.mutate(file);
          }}
        >
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} loading={actions.upload.isPending}>
              {t('plugins.upload')}
            </Button>
          )}
        </FileButton>
      </ListHeader>
      <Text size="sm" c="dimmed">
        {t('plugins.help')}{' '}
        <Anchor component={Link} to="/files">
          {t('plugins.toGallery')}
        </Anchor>
      </Text>
      <Group align="flex-end">
        <SearchFilter value={search.search ?? ''} onChange={(value) => update({ search: value })} />
      </Group>
      <DataTable
        rows={data?.plugins ?? []}
        // Uploaded plugins by their row, built-in ones by their place among the built-ins (below zero).
        rowKey={(plugin) => plugin.id ?? -1 - BUILTIN_PLUGINS.findIndex((m) => m.id === plugin.key)}
        columns={columns}
        minWidth={760}
        loading={isLoading}
        rowMenu={{
          header: t('plugins.actions'),
          label: (plugin) => t('plugins.actionsFor', { name: plugin.name }),
          items: (plugin) => (
            <>
              <Menu.Item onClick={() => setMaking(plugin)}>{t('plugins.newInstance')}</Menu.Item>
              {!plugin.builtin && (
                <Menu.Item color="red" onClick={() => void remove(plugin)}>
                  {t('plugins.remove')}
                </Menu.Item>
              )}
            </>
          ),
        }}
        empty={t('common.nothingFound')}
      />
      <ListFooter
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        defaultLimit={DEFAULT_PAGE_SIZE}
        onPage={(p) => update({ page: p })}
        onLimit={(l) => update({ limit: l })}
      />
      <InstancesList />
      {making && <InstanceModal target={{ plugin: making }} onClose={() => setMaking(null)} />}
    </Stack>
  );
}
