import { useEffect, useState, type FormEvent } from 'react';
import {
  ActionIcon,
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
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, NetInput, type Net, type PointStatus } from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { ListFooter } from '../../lib/ListFooter';
import { useZodForm } from '../../lib/useZodForm';
import { useNetActions, useNets, useScreenOptions } from './nets.api';
import { usePermission } from '../../lib/permissions';

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
  const [debounced] = useDebouncedValue(search.trim(), 300);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    save.mutate(
      { id: net?.id ?? null, body },
      { onSuccess: onClose, onError: (error) => form.showServerError(error) },
    );
  };

  return (
    <Modal opened onClose={onClose} title={net ? t('nets.editTitle') : t('nets.createTitle')} centered>
      <form onSubmit={submit} noValidate>
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
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /net: networks of screens, searchable and paged; create, edit and remove with 'net.create'. */
export function NetsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const canEdit = usePermission('net.create');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<Net | 'new' | null>(null);
  const { data, isLoading } = useNets({ page, limit, ...(debounced ? { search: debounced } : {}) });
  const actions = useNetActions();
  const rows = data?.nets ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;

  // Removing the last network of the last page leaves that page empty: step back to the new last one.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const remove = async (net: Net) => {
    if (!(await confirm())) return;
    actions.remove.mutate(net.id);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('menu.nets')}
        </Title>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('nets.create')}
          </Button>
        )}
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('common.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t('nets.color')}</Table.Th>
              <Table.Th>{t('nets.name')}</Table.Th>
              <Table.Th>{t('nets.screensCount')}</Table.Th>
              <Table.Th>{t('nets.screens')}</Table.Th>
              {canEdit && (
                <Table.Th w={50}>
                  <VisuallyHidden>{t('nets.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((net) => {
              const rest = net.points.slice(SHOWN_SCREENS);
              return (
                <Table.Tr key={net.id}>
                  <Table.Td>
                    {net.color ? (
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
                    )}
                  </Table.Td>
                  <Table.Td>{net.name}</Table.Td>
                  <Table.Td>
                    <Anchor
                      renderRoot={(props) => <Link {...props} to="/point" search={{ net: net.id }} />}
                      aria-label={t('nets.screensOf', { name: net.name, count: net.points.length })}
                    >
                      {net.points.length}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {net.points.slice(0, SHOWN_SCREENS).map((p) => (
                        <Badge key={p.id} variant="outline" size="sm">
                          {p.name}
                        </Badge>
                      ))}
                      {rest.length > 0 && (
                        <Badge
                          variant="light"
                          color="gray"
                          size="sm"
                          title={rest.map((p) => p.name).join(', ')}
                        >
                          {t('nets.more', { count: rest.length })}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('nets.actionsFor', { name: net.name })}>
                            <IconDots size={16} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing(net)}>{t('nets.edit')}</Menu.Item>
                          <Menu.Item color="red" onClick={() => void remove(net)}>
                            {t('nets.remove')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!isLoading && rows.length === 0 && (
        <Text c="dimmed" ta="center">
          {t('common.nothingFound')}
        </Text>
      )}
      <ListFooter
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        defaultLimit={DEFAULT_PAGE_SIZE}
        onPage={setPage}
        onLimit={setLimit}
      />
      {editing && <NetModal net={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
