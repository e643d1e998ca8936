import { useEffect, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, NetInput, type Net, type PointStatus, NetListQuery } from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { ListFooter } from '../../lib/list/ListFooter';
import { ListHeader, SearchFilter } from '../../lib/list/ListKit';
import { useListSearch } from '../../lib/list/search';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { useNetActions, useNets, useScreenOptions } from './nets.api';
import { usePermission } from '../../lib/permissions';
import { useFetchDelayed } from '../../lib/timing';
import { useUnsavedDialog } from '../../lib/unsaved';

type Named = { id: number; name: string };

/** Screen names shown as badges in a row; the rest are counted. */
const SHOWN_SCREENS = 3;
/** Mantine's palette, shade 6. */
const SWATCHES = [
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#82c91e',
  '#fab005',
  '#fd7e14',
  '#868e96',
  '#212529',
];
const STATUS_COLORS: Record<PointStatus, string> = {
  ONLINE: 'green',
  UNSTABLE: 'yellow',
  GONE_OFFLINE: 'orange',
  OFFLINE: 'gray',
};

/** The colour as the server stores it: '#rrggbb', or null when the field is empty. */
function toStoredColor(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (value === '') return null;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : value;
}

/** Screens of a network: a searchable multiple choice fed by the server's search. */
function ScreenPicker({
  value,
  onChange,
  error,
}: {
  value: Named[];
  onChange: (value: Named[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useFetchDelayed(search.trim());
  const { data, isFetching } = useScreenOptions(debounced);
  const options = data?.points ?? [];
  const status = new Map(options.map((p) => [String(p.id), p.status]));
  const known = new Map<number, Named>([...value, ...options].map((x) => [x.id, { id: x.id, name: x.name }]));
  return (
    <MultiSelect
      label={t('nets.screens')}
      searchable
      clearable
      hidePickedOptions
      searchValue={search}
      onSearchChange={setSearch}
      loading={isFetching}
      // The server has searched already (by more than the name): show what it found.
      filter={({ options }) => options}
      nothingFoundMessage={t('common.nothingFound')}
      data={[...known.values()].map((x) => ({ value: String(x.id), label: x.name }))}
      value={value.map((x) => String(x.id))}
      onChange={(ids) => onChange(ids.map((id) => known.get(Number(id))).filter((x) => x !== undefined))}
      clearButtonProps={{ 'aria-label': t('nets.clearScreens') }}
      renderOption={({ option }) => {
        const state = status.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{option.label}</Text>
            {/* Hidden from the option's accessible name, which stays the screen's name. */}
            {state && (
              <Badge size="xs" variant="light" color={STATUS_COLORS[state]} aria-hidden>
                {t(`nets.statuses.${state}`)}
              </Badge>
            )}
          </Group>
        );
      }}
      error={error}
    />
  );
}

/** Create (net null) or edit a network: name, colour, screens. */
function NetModal({ net, onClose }: { net: Net | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { save } = useNetActions();
  const form = useZodForm(NetInput, {
    name: net?.name ?? '',
    color: net?.color ?? null,
    points: net?.points.map((p) => p.id) ?? [],
  });
  const [colorText, setColorText] = useState(net?.color ?? '');
  const [screens, setScreens] = useState<Named[]>(net?.points ?? []);

  const { busy, onSubmit } = useFormSubmit(form, (body) => save.mutateAsync({ id: net?.id ?? null, body }), {
    onSuccess: onClose,
  });
  const close = useUnsavedDialog(form.isDirty, onClose);

  return (
    <Modal opened onClose={close} title={net ? t('nets.editTitle') : t('nets.createTitle')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput label={t('nets.name')} required data-autofocus {...form.inputProps('name')} />
          <ColorInput
            label={t('nets.color')}
            description={t('nets.colorHint')}
            format="hex"
            swatches={SWATCHES}
            swatchesPerRow={7}
            closeOnColorSwatchClick
            value={colorText}
            onChange={(text) => {
              setColorText(text);
              form.set('color', toStoredColor(text));
            }}
            error={form.errors.color}
            eyeDropperButtonProps={{ 'aria-label': t('nets.pickColor') }}
          />
          <ScreenPicker
            value={screens}
            onChange={(value) => {
              setScreens(value);
              form.set(
                'points',
                value.map((x) => x.id),
              );
            }}
            error={form.errors.points}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The list's columns: colour, name, how many screens (a link to them), the first screens' names. */
function useNetColumns(): Column<Net>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'color',
      header: t('nets.color'),
      width: 70,
      cell: (net) =>
        net.color ? (
          <ColorSwatch
            color={net.color}
            size={20}
            role="img"
            aria-label={t('nets.colorOf', { name: net.name, color: net.color })}
          />
        ) : (
          <Text c="dimmed">
            <span aria-hidden>—</span>
            <VisuallyHidden>{t('nets.noColor')}</VisuallyHidden>
          </Text>
        ),
    },
    { key: 'name', header: t('nets.name'), cell: (net) => net.name },
    {
      key: 'count',
      header: t('nets.screensCount'),
      cell: (net) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/point" search={{ net: net.id }} />}
          aria-label={t('nets.screensOf', { name: net.name, count: net.points.length })}
        >
          {net.points.length}
        </Anchor>
      ),
    },
    {
      key: 'screens',
      header: t('nets.screens'),
      cell: (net) => {
        const rest = net.points.slice(SHOWN_SCREENS);
        return (
          <Group gap={4}>
            {net.points.slice(0, SHOWN_SCREENS).map((p) => (
              <Badge key={p.id} variant="outline" size="sm">
                {p.name}
              </Badge>
            ))}
            {rest.length > 0 && (
              <Badge variant="light" color="gray" size="sm" title={rest.map((p) => p.name).join(', ')}>
                {t('nets.more', { count: rest.length })}
              </Badge>
            )}
          </Group>
        );
      },
    },
  ];
}

/** /net: networks of screens, searchable and paged; create, edit and remove with 'net.create'. */
export function NetsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const canEdit = usePermission('net.create');
  const { search, update } = useListSearch(NetListQuery);
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_PAGE_SIZE;
  const [editing, setEditing] = useState<Net | 'new' | null>(null);
  const { data, isLoading } = useNets({ ...search, page, limit });
  const actions = useNetActions();
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;

  // Removing the last network of the last page leaves that page empty: step back to the new last one.
  useEffect(() => {
    if (data && page > pages) update({ page: pages });
  }, [data, page, pages, update]);

  const remove = async (net: Net) => {
    if (!(await confirm())) return;
    actions.remove.mutate(net.id);
  };

  const columns = useNetColumns();

  return (
    <Stack>
      <ListHeader title={t('menu.nets')}>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('nets.create')}
          </Button>
        )}
      </ListHeader>
      <Group align="flex-end">
        <SearchFilter value={search.search ?? ''} onChange={(value) => update({ search: value })} />
      </Group>
      <DataTable
        rows={data?.nets ?? []}
        rowKey={(net) => net.id}
        columns={columns}
        loading={isLoading}
        empty={t('common.nothingFound')}
        {...(canEdit
          ? {
              rowMenu: {
                header: t('nets.actions'),
                label: (net: Net) => t('nets.actionsFor', { name: net.name }),
                items: (net: Net) => (
                  <>
                    <Menu.Item onClick={() => setEditing(net)}>{t('nets.edit')}</Menu.Item>
                    <Menu.Item color="red" onClick={() => void remove(net)}>
                      {t('nets.remove')}
                    </Menu.Item>
                  </>
                ),
              },
            }
          : {})}
      />
      <ListFooter
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        defaultLimit={DEFAULT_PAGE_SIZE}
        onPage={(p) => update({ page: p })}
        onLimit={(l) => update({ limit: l })}
      />
      {editing && <NetModal net={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
