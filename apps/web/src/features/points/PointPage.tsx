import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  Loader,
  Menu,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  PHOTO_MAX_BYTES,
  POINT_TABS,
  PointPatch,
  formatSize,
  pointTabPath,
  type Point,
  type PointTab,
} from '@vitrine/core';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../lib/confirm';
import { translateFields, translateMessage } from '../../lib/messages';
import { usePlaylistActions, usePlaylists } from '../playlists/playlists.api';
import { PointSchedule } from './PointSchedule';
import { PointAudience } from './PointAudience';
import { StatusBadge } from './StatusBadge';
import { SettingInput, type SettingField } from './SettingFields';
import { SyncBadge, SyncPendingText } from './SyncState';
import { lastPoint } from './lastPoint';
import { formatDuration, formatMinutes, intlLocale } from '../dashboard/time';
import {
  useConnections,
  usePoint,
  usePointActions,
  usePointLog,
  useScreenshot,
  type PointCommand,
} from './points.api';
import { usePermissions } from '../../lib/permissions';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const bytes = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatSize(n));

const useHas = usePermissions;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** Commands of spec §4 for one screen; broadcast stop and start are confirmed first. */
function CommandsMenu({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const confirm = useConfirm();
  const actions = usePointActions();
  const run = (path: PointCommand) => actions.command.mutate({ path, ids: [point.id] });
  const broadcast = async (stop: boolean) => {
    if (!(await confirm(t(stop ? 'points.confirmStop' : 'points.confirmStart')))) return;
    actions.broadcast.mutate({ ids: [point.id], stop });
  };
  return (
    <Menu withinPortal position="bottom-end">
      <Menu.Target>
        <Button variant="default">{t('points.commandsTitle')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {has('point.reload') && (
          <Menu.Item onClick={() => run('send-reload')}>{t('points.commands.reload')}</Menu.Item>
        )}
        {has('point.reload') && (
          <Menu.Item onClick={() => run('send-update-app')}>{t('points.commands.upgrade')}</Menu.Item>
        )}
        {has('point.reload') && (
          <Menu.Item onClick={() => run('send-restart-app')}>{t('points.commands.restart')}</Menu.Item>
        )}
        {has('point.reboot') && (
          <Menu.Item onClick={() => run('send-reboot')}>{t('points.commands.reboot')}</Menu.Item>
        )}
        {has('point.reboot') && (
          <Menu.Item onClick={() => run('send-terminal')}>{t('points.commands.terminal')}</Menu.Item>
        )}
        {has('point.patch') &&
          (point.isStoped ? (
            <Menu.Item onClick={() => void broadcast(false)}>{t('points.commands.start')}</Menu.Item>
          ) : (
            <Menu.Item onClick={() => void broadcast(true)}>{t('points.commands.stop')}</Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The latest screenshot, asked for on demand; it refreshes itself when the player sends one. */
function Preview({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const { data } = useScreenshot(point.id);
  const actions = usePointActions();
  return (
    <Block title={t('points.preview')}>
      {data?.url ? (
        <Image src={data.url} alt={t('points.screenshotOf', { name: point.name })} radius="sm" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('points.noScreenshot')}
        </Text>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('points.takenAt', { date: when(data?.takenAt ?? null) })}
        </Text>
        {has('point.screenshot') && (
          <Button
            size="xs"
            variant="light"
            onClick={() => actions.command.mutate({ path: 'ajax-get-point-screen', ids: [point.id] })}
          >
            {t('points.commands.screenshot')}
          </Button>
        )}
      </Group>
    </Block>
  );
}

/** Online minutes per hour for the last 48 hours, with disconnections marked (spec §2 connection chart). */
function ConnectionChart({ point }: { point: Point }) {
  const { t, i18n } = useTranslation();
  const has = useHas();
  const { data } = useConnections(point.id, has('point.onlineStats'));
  const hours = useMemo(() => {
    const byHour = new Map((data ?? []).map((h) => [new Date(h.hour).getTime(), h]));
    const now = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    return Array.from({ length: 48 }, (_, i) => {
      const at = now - (47 - i) * 3_600_000;
      const h = byHour.get(at);
      return { at, minutes: Math.round((h?.onlineSeconds ?? 0) / 60), drops: h?.disconnections ?? 0 };
    });
  }, [data]);
  if (!has('point.onlineStats')) return null;
  const total = hours.reduce((n, h) => n + h.drops, 0);
  return (
    <Block title={t('points.connection')}>
      <svg
        viewBox="0 0 480 80"
        width="100%"
        role="img"
        aria-label={t('points.connectionSummary', { count: total, total: point.disconnections })}
      >
        {hours.map((h, i) => (
          <g key={h.at}>
            <rect
              x={i * 10 + 1}
              y={70 - (h.minutes / 60) * 60}
              width={8}
              height={(h.minutes / 60) * 60}
              fill="#40c057"
            >
              <title>
                {`${new Date(h.at).toLocaleString(intlLocale(i18n.language))}: ${formatMinutes(h.minutes, i18n.language)}, ${t('counts.disconnections', { count: h.drops })}`}
              </title>
            </rect>
            {h.drops > 0 && <circle cx={i * 10 + 5} cy={75} r={3} fill="#fa5252" />}
          </g>
        ))}
      </svg>
      <Text size="xs" c="dimmed">
        {t('points.connectionSummary', { count: total, total: point.disconnections })}
      </Text>
    </Block>
  );
}

function ApplyPlaylists({ point, onClose }: { point: Point; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const { data } = usePlaylists({ limit: 1000, expiration: 'notexpired' });
  const { apply } = usePlaylistActions();
  return (
    <Modal opened onClose={onClose} title={t('points.applyPlaylists')} centered>
      <Stack>
        <MultiSelect
          label={t('menu.playlists')}
          searchable
          data={(data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={chosen}
          onChange={setChosen}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={apply.isPending}
            onClick={() =>
              apply.mutate({ playlists: chosen.map(Number), points: [point.id] }, { onSuccess: onClose })
            }
          >
            {t('playlists.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ContentTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const [applying, setApplying] = useState(false);
  const { data } = usePlaylists({ point: point.id, limit: 100 });
  const report = point.player;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Stack>
        <Block title={t('points.playlists')}>
          {(data?.list ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('points.noContent')}
            </Text>
          ) : (
            <Stack gap={4}>
              {data!.list.map((p) => (
                <Group key={p.id} justify="space-between">
                  <Anchor component={Link} to={`/playlist/${p.id}`}>
                    {p.name}
                  </Anchor>
                  <Badge variant="light">{t(`playlists.types.${p.type}`)}</Badge>
                </Group>
              ))}
            </Stack>
          )}
          {has('playlist.patch') && (
            <Group>
              <Button size="xs" variant="light" onClick={() => setApplying(true)}>
                {t('points.applyPlaylists')}
              </Button>
            </Group>
          )}
        </Block>
        <Block title={t('points.device')}>
          <Table>
            <Table.Tbody>
              {[
                [t('points.uid'), point.uid],
                [
                  t('points.player'),
                  report ? `${report.version}${report.native ? ` (${t('points.native')})` : ''}` : '—',
                ],
                [t('points.resolution'), report?.resolution ?? '—'],
                [t('points.freeStorage'), bytes(report?.freeStorage)],
                [t('points.currentItem'), report?.currentItem ?? '—'],
                [t('points.uptime'), report ? formatDuration(report.uptime) : '—'],
                [t('points.lastSeen'), when(point.lastSeen)],
                [t('points.syncTime'), when(point.sync_time)],
                [t('points.goneOffline'), when(point.dt_gone_offline)],
                [t('points.disconnections'), String(point.disconnections)],
              ].map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Block>
      </Stack>
      <Stack>
        <Preview point={point} />
        <ConnectionChart point={point} />
      </Stack>
      {applying && <ApplyPlaylists point={point} onClose={() => setApplying(false)} />}
    </SimpleGrid>
  );
}

/** A form over part of the screen's settings, checked with the server's schema before sending. */
function useSettingsForm<K extends keyof PointPatch>(point: Point, pick: (p: Point) => Pick<PointPatch, K>) {
  const [values, setValues] = useState<Pick<PointPatch, K>>(() => pick(point));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { patch } = usePointActions();
  const set = <F extends K>(field: F, value: PointPatch[F]) => setValues((v) => ({ ...v, [field]: value }));
  const save = async () => {
    const parsed = PointPatch.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        next[issue.path.join('.') || '_'] ??= translateMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await patch.mutateAsync({ id: point.id, body: parsed.data });
    } catch (e) {
      if (e instanceof ApiError && e.body.fields) setErrors(translateFields(e.body.fields, e.body.code));
    }
  };
  return { values, set, errors, save, saving: patch.isPending };
}

function SaveButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useTranslation();
  const has = useHas();
  if (!has('point.patch')) return null;
  return (
    <Group>
      <Button onClick={onClick} loading={loading}>
        {t('common.save')}
      </Button>
    </Group>
  );
}

/** Leaflet comes with the map, only when a settings tab opens. */
const LocationPicker = lazy(() => import('./LocationMap').then((m) => ({ default: m.LocationPicker })));

const MAP_HEIGHT = 340;

/** Latitude and longitude fields, the map under them, and a way to drop the location. */
function LocationFields({
  value,
  errors,
  editable,
  onChange,
}: {
  value: Point['location'] | undefined;
  errors: Record<string, string>;
  editable: boolean;
  onChange: (location: Point['location']) => void;
}) {
  const { t } = useTranslation();
  const location = value ?? null;
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={600} p={0}>
        {t('points.map.title')}
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <NumberInput
          label={t('points.latitude')}
          min={-90}
          max={90}
          decimalScale={6}
          w={180}
          value={location?.lat ?? ''}
          error={errors['location.lat']}
          onChange={(n) => onChange(n === '' ? null : { lat: Number(n), lng: location?.lng ?? 0 })}
        />
        <NumberInput
          label={t('points.longitude')}
          min={-180}
          max={180}
          decimalScale={6}
          w={180}
          value={location?.lng ?? ''}
          error={errors['location.lng']}
          onChange={(n) => onChange(n === '' ? null : { lat: location?.lat ?? 0, lng: Number(n) })}
        />
        {editable && (
          <Button
            variant="default"
            leftSection={<IconMapPinOff size={16} />}
            disabled={!location}
            onClick={() => onChange(null)}
          >
            {t('points.map.clear')}
          </Button>
        )}
      </Group>
      {!location && (
        <Text size="sm" c="dimmed">
          {t('points.map.none')}
        </Text>
      )}
      <Suspense fallback={<Skeleton h={MAP_HEIGHT} aria-label={t('points.map.loading')} />}>
        <LocationPicker
          value={location}
          height={MAP_HEIGHT}
          {...(editable ? { onChange: (next: { lat: number; lng: number }) => onChange(next) } : {})}
        />
      </Suspense>
    </Stack>
  );
}

function SettingsTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const form = useSettingsForm(point, (p) => ({
    name: p.name,
    address: p.address,
    location: p.location,
    timezone: p.timezone,
    rotation: p.rotation,
    autostart: p.autostart,
    transitionMs: p.transitionMs,
    relaunchInterval: p.relaunchInterval,
    syncInterval: p.syncInterval,
    workFrom: p.workFrom,
    workTo: p.workTo,
    commercialCycle: p.commercialCycle,
    config: p.config,
    nets: p.net.map((n) => n.id),
  }));
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { photo } = usePointActions();
  const v = form.values;
  const field = <F extends Exclude<SettingField, 'windows'>>(name: F) => (
    <SettingInput
      field={name}
      value={v[name]}
      error={form.errors[name]}
      onChange={(x) => form.set(name, x)}
    />
  );
  return (
    <Stack>
      <Block title={t('pointTabs.settings')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('points.name')}
            value={v.name ?? ''}
            error={form.errors.name}
            onChange={(e) => form.set('name', e.currentTarget.value)}
          />
          <TextInput
            label={t('points.address')}
            value={v.address ?? ''}
            onChange={(e) => form.set('address', e.currentTarget.value || null)}
          />
        </SimpleGrid>
        <LocationFields
          value={v.location}
          errors={form.errors}
          editable={has('point.patch')}
          onChange={(location) => form.set('location', location)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('timezone')}
          {field('rotation')}
          {field('transitionMs')}
          {field('relaunchInterval')}
          {field('syncInterval')}
          {field('workFrom')}
          {field('workTo')}
          {field('commercialCycle')}
          {has('net.route') && field('nets')}
        </SimpleGrid>
        {field('autostart')}
        <Textarea
          label={t('points.config')}
          autosize
          minRows={3}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={v.config ?? ''}
          error={form.errors.config}
          onChange={(e) => form.set('config', e.currentTarget.value || null)}
        />
        <SaveButton onClick={() => void form.save()} loading={form.saving} />
      </Block>
      <Block title={t('points.photo')}>
        {point.photoUrl && (
          <Image src={point.photoUrl} alt={t('points.photoOf', { name: point.name })} maw={320} radius="sm" />
        )}
        {has('point.patch') && (
          <FileInput
            label={t('points.photoUpload')}
            accept="image/png,image/jpeg"
            error={photoError}
            onChange={(file) => {
              setPhotoError(null);
              if (!file) return;
              if (file.size > PHOTO_MAX_BYTES) {
                setPhotoError(t('pointMessages.photoTooLarge', { size: formatSize(PHOTO_MAX_BYTES) }));
                return;
              }
              photo.mutate({ id: point.id, file });
            }}
          />
        )}
      </Block>
    </Stack>
  );
}

function WindowsTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const form = useSettingsForm(point, (p) => ({ windows: p.windows }));
  return (
    <Block title={t('pointTabs.windows')}>
      <SettingInput
        field="windows"
        value={form.values.windows ?? point.windows}
        onChange={(w) => form.set('windows', w)}
      />
      <SaveButton onClick={() => void form.save()} loading={form.saving} />
    </Block>
  );
}

function AudienceTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const form = useSettingsForm(point, (p) => ({ audience: p.audience, playbackCost: p.playbackCost }));
  const audience = form.values.audience ?? { viewers: 0, perHour: null };
  return (
    <Block title={t('pointTabs.audience')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('points.viewers')}
          min={0}
          decimalScale={2}
          value={audience.viewers}
          onChange={(n) => form.set('audience', { ...audience, viewers: Number(n) || 0 })}
        />
        <NumberInput
          label={t('points.playbackCost')}
          min={0}
          value={form.values.playbackCost ?? ''}
          onChange={(n) => form.set('playbackCost', n === '' ? null : Number(n))}
        />
      </SimpleGrid>
      <Checkbox
        label={t('points.perHour')}
        checked={audience.perHour !== null}
        onChange={(e) =>
          form.set('audience', {
            ...audience,
            perHour: e.currentTarget.checked ? Array.from({ length: 24 }, () => audience.viewers) : null,
          })
        }
      />
      {audience.perHour && (
        <SimpleGrid cols={{ base: 3, sm: 6 }}>
          {audience.perHour.map((value, hour) => (
            <NumberInput
              key={hour}
              size="xs"
              min={0}
              label={`${String(hour).padStart(2, '0')}:00`}
              value={value}
              onChange={(n) =>
                form.set('audience', {
                  ...audience,
                  perHour: audience.perHour!.map((x, i) => (i === hour ? Number(n) || 0 : x)),
                })
              }
            />
          ))}
        </SimpleGrid>
      )}
      <SaveButton onClick={() => void form.save()} loading={form.saving} />
    </Block>
  );
}

function StreamTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const form = useSettingsForm(point, (p) => ({ cameraStreamUrl: p.cameraStreamUrl }));
  const { livestream } = usePointActions();
  const url = point.cameraStreamUrl;
  return (
    <Block title={t('pointTabs.stream')}>
      <TextInput
        label={t('points.cameraStreamUrl')}
        placeholder="https://camera.example.com/live.m3u8"
        value={form.values.cameraStreamUrl ?? ''}
        error={form.errors.cameraStreamUrl}
        onChange={(e) => form.set('cameraStreamUrl', e.currentTarget.value || null)}
      />
      <SaveButton onClick={() => void form.save()} loading={form.saving} />
      {url && /^https?:/i.test(url) && (
        <video
          src={url}
          controls
          muted
          style={{ width: '100%', maxWidth: 640, background: '#000' }}
          aria-label={t('points.cameraStreamUrl')}
        />
      )}
      {has('point.stream') && url && (
        <Group>
          <Button variant="light" onClick={() => livestream.mutate({ ids: [point.id], start: true })}>
            {t('points.streamStart')}
          </Button>
          <Button variant="default" onClick={() => livestream.mutate({ ids: [point.id], start: false })}>
            {t('points.streamStop')}
          </Button>
        </Group>
      )}
    </Block>
  );
}

function LogTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const [before, setBefore] = useState<number | undefined>(undefined);
  const { data, isLoading } = usePointLog(point.id, before);
  const rows = data ?? [];
  return (
    <Block title={t('pointTabs.log')}>
      {isLoading ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('points.logEmpty')}
        </Text>
      ) : (
        <Table striped>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td w={200}>{new Date(r.at).toLocaleString()}</Table.Td>
                <Table.Td w={80}>
                  <Badge
                    size="sm"
                    color={r.level === 'error' ? 'red' : r.level === 'warn' ? 'yellow' : 'gray'}
                  >
                    {r.level}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>{r.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        {before !== undefined && (
          <Button size="xs" variant="default" onClick={() => setBefore(undefined)}>
            {t('points.logNewest')}
          </Button>
        )}
        {rows.length === 100 && (
          <Button size="xs" variant="default" onClick={() => setBefore(rows.at(-1)!.id)}>
            {t('points.logOlder')}
          </Button>
        )}
      </Group>
    </Block>
  );
}

/** /point/{id} and /point/{tab}/{id}: one screen, its status, commands and tabs (spec §2). */
function PointPage({ tab }: { tab: PointTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id?: string };
  const id = Number(params.id);
  const { data: point, isLoading } = usePoint(id);
  useEffect(() => {
    if (point) lastPoint.set(point.id);
  }, [point]);
  if (!point)
    return isLoading ? <Loader aria-label={t('points.loading')} /> : <Text>{t('errors.NOT_FOUND')}</Text>;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {point.name}
          </Title>
          <Group gap="xs">
            <StatusBadge status={point.status} />
            <SyncBadge point={point} />
            {point.isStoped && <Badge color="red">{t('points.stopped')}</Badge>}
            <Text size="sm" c="dimmed">
              {point.uid}
            </Text>
          </Group>
          <SyncPendingText point={point} />
        </Stack>
        <CommandsMenu point={point} />
      </Group>
      {point.isStoped && <Alert color="red">{t('points.stoppedHelp')}</Alert>}
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate({ to: pointTabPath(value as PointTab, id) })}
      >
        <Tabs.List>
          {POINT_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`pointTabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'content' && <ContentTab point={point} />}
      {tab === 'schedule' && <PointSchedule point={point} />}
      {tab === 'settings' && <SettingsTab point={point} />}
      {tab === 'windows' && <WindowsTab point={point} />}
      {tab === 'audience' && (
        <>
          <AudienceTab point={point} />
          <PointAudience point={point} />
        </>
      )}
      {tab === 'stream' && <StreamTab point={point} />}
      {tab === 'log' && <LogTab point={point} />}
    </Stack>
  );
}

export const PointContentPage = () => <PointPage tab="content" />;
export const PointSchedulePage = () => <PointPage tab="schedule" />;
export const PointSettingsPage = () => <PointPage tab="settings" />;
export const PointWindowsPage = () => <PointPage tab="windows" />;
export const PointAudiencePage = () => <PointPage tab="audience" />;
export const PointStreamPage = () => <PointPage tab="stream" />;
export const PointLogPage = () => <PointPage tab="log" />;
