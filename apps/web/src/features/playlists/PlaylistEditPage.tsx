import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Chip,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useBlocker, useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  ACTIONS_ON_END,
  AD_SUPPLIERS,
  FILES_ORDERS,
  INFLUENCES,
  PLAYLIST_CATEGORIES,
  PLAYLIST_MESSAGES,
  PIXEL_MACROS,
  PLAYLIST_TYPES,
  PlaylistInput,
  QUOTA_KINDS,
  SSP_MODES,
  WEEK_DAYS,
  checkPlaylist,
  newPlaylistDefaults,
  type ContentUpdate,
  type Playlist,
  type PlaylistItem,
  type PlaylistVersions,
  type QuotaKind,
} from '@vitrine/core';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../lib/confirm';
import { translateFields, translateMessage } from '../../lib/messages';
import {
  FilePickerModal,
  ItemList,
  SectionsEditor,
  toPlaylistItem,
  type EditorSection,
} from './PlaylistContent';
import { ExpirationBadge } from './ExpirationBadge';
import { ContentUpdateNote } from './ContentUpdateNote';
import { PlaylistAppearance } from './PlaylistAppearance';
import { fromLocalInput, fromTimeInput, toLocalInput } from '../../lib/wallInputs';
import { ReviewModal } from './ReviewModal';
import {
  lastUpdates,
  usePlaylist,
  usePlaylistActions,
  usePlaylistTags,
  usePlaylistVersions,
  useTargetOptions,
} from './playlists.api';
import { usePermission, usePermissions } from '../../lib/permissions';

interface Named {
  id: number;
  name: string;
}

/** The editor's state: the playlist as sent, with names and thumbnails kept beside the ids. */
type EditorState = Omit<PlaylistInput, 'files' | 'sections' | 'points' | 'nets'> & {
  secondaryFile: PlaylistItem | null;
  files: PlaylistItem[];
  sections: EditorSection[];
  points: Named[];
  nets: Named[];
};

function fromPlaylist(p: Playlist): EditorState {
  const {
    id: _id,
    pointsTotal: _t,
    expiration: _e,
    contentDuration: _c,
    approved: _a,
    pendingChange: _p,
    createdDate: _cd,
    updatedDate: _u,
    ...rest
  } = p;
  return { ...rest, tags: p.tags.map((x) => x.id) };
}

function fromDefaults(): EditorState {
  const d = newPlaylistDefaults(new Date());
  return {
    ...d,
    secondaryFile: null,
    files: [],
    sections: d.sections.map((s) => ({ ...s, files: [] })),
    points: [],
    nets: [],
  };
}

const ref = (i: PlaylistItem) => ({ fileId: i.fileId, duration: i.duration });

function toBody({ secondaryFile: _secondary, ...s }: EditorState): PlaylistInput {
  return {
    ...s,
    files: s.files.map(ref),
    sections: s.sections.map((x) => ({ ...x, files: x.files.map(ref) })),
    points: s.points.map((x) => x.id),
    nets: s.nets.map((x) => x.id),
  };
}

/**
 * Tracking services hand out their pixel as an <img> tag: the address inside it is taken, so a pasted tag
 * works as well as a pasted address.
 */
function pixelAddress(value: string): string {
  const tag = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(value);
  return (tag?.[1] ?? value).trim();
}

/** Error keys a form control shows next to itself. */
const SHOWN_ERRORS = [
  'name',
  'fromDate',
  'toDate',
  'weekDays',
  'fromTime',
  'toTime',
  'fromTime2',
  'toTime2',
  'periodicity',
  'files',
  'sections',
  'maxDuration',
  'pixel',
  'theme',
  'interval',
  'floating.position',
  'floating.size',
  'geofence.lat',
  'geofence.lng',
  'geofence.radius',
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

function TargetPicker({
  label,
  kind,
  value,
  onChange,
}: {
  label: string;
  kind: 'points' | 'nets';
  value: Named[];
  onChange: (value: Named[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const { data } = useTargetOptions(debounced);
  const known = new Map<number, Named>([...value, ...(data?.[kind] ?? [])].map((x) => [x.id, x]));
  return (
    <MultiSelect
      label={label}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t('common.nothingFound')}
      data={[...known.values()].map((x) => ({ value: String(x.id), label: x.name }))}
      value={value.map((x) => String(x.id))}
      onChange={(ids) => onChange(ids.map((id) => known.get(Number(id))!).filter(Boolean))}
    />
  );
}

type ApprovalState = 'review' | 'requested' | 'rejected' | 'waiting' | null;

/**
 * Where approval stands for this person: the owner has changes to review; an author's own version
 * waits ('Approve requested') or was rejected; someone else's change waits; or nothing.
 */
function approvalState(live: Playlist, versions: PlaylistVersions | null, approver: boolean): ApprovalState {
  const waits = versions ? versions.pending !== null : live.pendingChange !== null;
  if (approver && (waits || !live.approved)) return 'review';
  if (versions?.own) return 'requested';
  if (versions?.rejection) return 'rejected';
  return waits || !live.approved ? 'waiting' : null;
}

/** The approval state as the editor's header shows it, next to the validity. */
function ApprovalBadge({ state }: { state: ApprovalState }) {
  const { t } = useTranslation();
  if (!state) return null;
  if (state === 'rejected')
    return (
      <Badge color="red" variant="light">
        {t('playlists.review.rejected')}
      </Badge>
    );
  return (
    <Badge color={state === 'requested' ? 'blue' : 'yellow'} variant="light">
      {translateMessage(
        state === 'review' ? PLAYLIST_MESSAGES.approveRequired : PLAYLIST_MESSAGES.approveRequested,
      )}
    </Badge>
  );
}

/**
 * `playlist` is what the form starts from: for an author with changes waiting, their own waiting
 * version; `live` is the playlist as screens have it.
 */
function Editor({
  playlist,
  live,
  versions,
}: {
  playlist: Playlist | null;
  live: Playlist | null;
  versions: PlaylistVersions | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const has = usePermissions();
  const [initial, setInitial] = useState<EditorState>(() =>
    playlist ? fromPlaylist(playlist) : fromDefaults(),
  );
  const [state, setState] = useState<EditorState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [suggestions, setSuggestions] = useState<number[]>([]);
  const [newTag, setNewTag] = useState('');
  const [pickingSecondary, setPickingSecondary] = useState(false);
  const [update, setUpdate] = useState<ContentUpdate | null>(() =>
    playlist ? (lastUpdates.get(playlist.id) ?? null) : null,
  );
  // Long type names (in Russian, say) do not fit side by side on a phone.
  const narrow = useMediaQuery('(max-width: 36em)');
  const { data: tags } = usePlaylistTags();
  const actions = usePlaylistActions();
  const dirty = JSON.stringify(state) !== JSON.stringify(initial);
  // The blocker reads these when a navigation starts, after this render: refs, not closures.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const leaving = useRef(false);
  const canEdit = has(playlist ? 'playlist.patch' : 'playlist.create');
  const approver = has('playlist.maxDuration');
  const approval = live ? approvalState(live, versions, approver) : null;
  const [reviewing, setReviewing] = useState(false);
  const date = (iso: string) => new Date(iso).toLocaleString();

  // Spec §5: a warning before leaving with unsaved changes.
  useBlocker({
    shouldBlockFn: () => !leaving.current && dirtyRef.current && !window.confirm(t('playlists.unsaved')),
    enableBeforeUnload: () => !leaving.current && dirtyRef.current,
  });

  const set = <K extends keyof EditorState>(key: K, value: EditorState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key as string];
      return next;
    });
  };

  /** The same schema and rules as the server; what passes here is not refused there for form. */
  const validate = (): PlaylistInput | null => {
    const body = toBody(state);
    const parsed = PlaylistInput.safeParse(body);
    const next: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        next[issue.path.join('.') || '_'] ??= translateMessage(issue.message);
    }
    const media = new Map(
      [...state.files, ...state.sections.flatMap((s) => s.files)].map((i) => [i.fileId, i.mediaDuration]),
    );
    const problems = parsed.success
      ? checkPlaylist(parsed.data, {
          mediaDuration: (id) => media.get(id),
          screens: Math.max(1, state.points.length),
        })
      : { fields: {}, suggestions: [] };
    Object.assign(next, translateFields(problems.fields));
    setErrors(next);
    setSuggestions(problems.suggestions);
    return Object.keys(next).length === 0 && parsed.success ? parsed.data : null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = validate();
    if (!body) return;
    try {
      const saved = await actions.save.mutateAsync({ id: playlist?.id ?? null, body });
      setUpdate(saved.update ?? null);
      if (!playlist) {
        leaving.current = true;
        await navigate({ to: '/playlist/$id', params: { id: String(saved.id) }, replace: true });
      } else if (saved.notice || versions?.own) {
        // Waiting for approval (or no longer): what was sent is kept in the form, and counts as saved.
        setInitial(state);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(translateFields(error.body.fields ?? { _: error.body.message ?? '' }));
        setSuggestions(error.body.suggestions ?? []);
      }
    }
  }

  const quota = (kind: QuotaKind) => state.quotas.find((q) => q.kind === kind);
  const setQuota = (kind: QuotaKind, quantity: number | null) =>
    set('quotas', [
      ...state.quotas.filter((q) => q.kind !== kind),
      ...(quantity !== null ? [{ kind, quantity }] : []),
    ]);
  const timeInput = (key: 'fromTime' | 'toTime' | 'fromTime2' | 'toTime2', label: string) => (
    <TextInput
      type="time"
      step={1}
      label={label}
      value={state[key] ?? ''}
      error={errors[key]}
      onChange={(e) => set(key, e.currentTarget.value ? fromTimeInput(e.currentTarget.value) : null)}
    />
  );
  const isAd = state.type === 'ADVERTISING';
  // Errors no field of the form shows (nested items, a hidden section): listed at the top.
  const shown = new Set([
    ...SHOWN_ERRORS,
    ...(state.type === 'BLOCK' ? ['blockDuration'] : []),
    ...state.sections.map((_, i) => `sections.${i}.duration`),
  ]);
  const unshown = Object.entries(errors).filter(([key]) => !shown.has(key));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {playlist ? playlist.name : t('sections.playlistCreate')}
            </Title>
            {live && (
              <Group gap="xs">
                <ExpirationBadge value={live.expiration} />
                <ApprovalBadge state={approval} />
                <Text size="sm" c="dimmed">
                  {t('playlists.reach', { count: live.pointsTotal })}
                </Text>
              </Group>
            )}
          </Stack>
          <Group>
            {playlist && has('playlist.create') && (
              <>
                <Button
                  variant="default"
                  onClick={() => actions.copy.mutate({ id: playlist.id, withScreens: false })}
                >
                  {t('playlists.copy')}
                </Button>
                <Button
                  variant="default"
                  onClick={() => actions.copy.mutate({ id: playlist.id, withScreens: true })}
                >
                  {t('playlists.copyWithScreens')}
                </Button>
              </>
            )}
            {playlist && has('playlist.remove') && (
              <Button
                color="red"
                variant="light"
                onClick={async () => {
                  if (!(await confirm())) return;
                  await actions.remove.mutateAsync([playlist.id]);
                  leaving.current = true;
                  await navigate({ to: '/playlist' });
                }}
              >
                {t('playlists.remove')}
              </Button>
            )}
            {canEdit && (
              <Button type="submit" loading={actions.save.isPending}>
                {t('common.save')}
              </Button>
            )}
          </Group>
        </Group>
        {update && <ContentUpdateNote update={update} />}

        {live && approval === 'review' && (
          <Alert color="yellow" title={translateMessage(PLAYLIST_MESSAGES.approveRequired)}>
            <Stack gap="xs">
              {(versions?.requests ?? (live.pendingChange ? [live.pendingChange] : [])).map((r) => (
                <Text size="sm" key={r.id}>
                  {t('playlists.pendingBy', { name: r.userName, date: date(r.createdDate) })}
                </Text>
              ))}
              {!live.approved && <Text size="sm">{t('playlists.review.newPlaylist')}</Text>}
              <Group>
                <Button size="xs" onClick={() => setReviewing(true)}>
                  {t('playlists.review.open')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {live && approval === 'requested' && (
          <Alert color="blue" title={translateMessage(PLAYLIST_MESSAGES.approveRequested)}>
            <Stack gap="xs">
              <Text size="sm">{t('playlists.review.yourVersion')}</Text>
              <Group>
                <Button size="xs" variant="default" onClick={() => setReviewing(true)}>
                  {t('playlists.review.show')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {versions?.rejection && approval === 'rejected' && (
          <Alert
            color="red"
            title={
              versions.rejection.reason
                ? t('playlists.review.rejectedWith', { reason: versions.rejection.reason })
                : t('playlists.review.rejected')
            }
          >
            <Text size="sm">
              {t('playlists.review.rejectedBy', {
                name: versions.rejection.userName ?? '—',
                date: date(versions.rejection.decidedDate),
              })}
            </Text>
          </Alert>
        )}
        {live && approval === 'waiting' && (
          <Alert color="yellow" title={translateMessage(PLAYLIST_MESSAGES.approveRequested)}>
            {live.pendingChange && (
              <Text size="sm">
                {t('playlists.pendingBy', {
                  name: live.pendingChange.userName,
                  date: date(live.pendingChange.createdDate),
                })}
              </Text>
            )}
          </Alert>
        )}
        {reviewing && live && (
          <ReviewModal
            id={live.id}
            onClose={() => setReviewing(false)}
            onDecided={(result) => {
              if (result) return;
              // A new playlist rejected is removed: back to the list.
              leaving.current = true;
              void navigate({ to: '/playlist' });
            }}
          />
        )}
        {unshown.length > 0 && (
          <Alert color="red" role="alert" title={t('playlists.checkFields')}>
            <Stack gap={2}>
              {unshown.map(([key, message]) => (
                <Text size="sm" key={key}>
                  {key === '_' ? message : `${key}: ${message}`}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}

        <Section title={t('playlists.main')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('playlists.name')}
              value={state.name}
              error={errors.name}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
            <Select
              label={t('playlists.category')}
              clearable
              searchable
              data={PLAYLIST_CATEGORIES.map((v) => ({ value: v, label: t(`playlists.categories.${v}`) }))}
              value={state.category}
              onChange={(v) => set('category', v as EditorState['category'])}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="playlist-type">
              {t('playlists.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="playlist-type"
              fullWidth
              orientation={narrow ? 'vertical' : 'horizontal'}
              data={PLAYLIST_TYPES.map((v) => ({ value: v, label: t(`playlists.types.${v}`) }))}
              value={state.type}
              onChange={(v) => set('type', v as EditorState['type'])}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('playlists.filesOrder')}
              allowDeselect={false}
              data={FILES_ORDERS.map((v) => ({ value: v, label: t(`playlists.orders.${v}`) }))}
              value={state.filesOrder}
              onChange={(v) => v && set('filesOrder', v as EditorState['filesOrder'])}
            />
            <Select
              label={t('playlists.influence')}
              allowDeselect={false}
              data={INFLUENCES.map((v) => ({ value: v, label: t(`playlists.influences.${v}`) }))}
              value={state.influence}
              onChange={(v) => v && set('influence', v as EditorState['influence'])}
            />
          </SimpleGrid>
          <Group align="flex-end">
            <MultiSelect
              style={{ flex: 1 }}
              label={t('playlists.tags')}
              data={(tags?.list ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
              value={state.tags.map(String)}
              onChange={(v) => set('tags', v.map(Number))}
            />
            <TextInput
              label={t('playlists.newTag')}
              value={newTag}
              onChange={(e) => setNewTag(e.currentTarget.value)}
            />
            <Button
              variant="default"
              disabled={!newTag.trim()}
              onClick={async () => {
                const tag = await actions.createTag.mutateAsync(newTag.trim());
                set('tags', [...state.tags, tag.id]);
                setNewTag('');
              }}
            >
              {t('playlists.addTag')}
            </Button>
          </Group>
          <PlaylistAppearance
            value={state}
            errors={errors}
            onChange={(field, next) => set(field, next as EditorState[typeof field])}
          />
          <Group>
            <Switch
              label={t('playlists.active')}
              checked={state.active}
              onChange={(e) => set('active', e.currentTarget.checked)}
            />
            <Switch
              label={t('playlists.override')}
              checked={state.override}
              onChange={(e) => set('override', e.currentTarget.checked)}
            />
          </Group>
        </Section>

        <Section title={t('playlists.content')}>
          {state.type === 'BLOCK' ? (
            <>
              <NumberInput
                w={200}
                min={1}
                label={t('playlists.blockDuration')}
                value={state.blockDuration}
                error={errors.blockDuration}
                onChange={(v) => set('blockDuration', Number(v) || 0)}
              />
              {errors.sections && (
                <Text c="red" size="sm" role="alert">
                  {errors.sections}
                </Text>
              )}
              <SectionsEditor
                sections={state.sections}
                blockDuration={state.blockDuration}
                errors={errors}
                onChange={(sections) => set('sections', sections)}
              />
            </>
          ) : (
            <ItemList
              label={t('playlists.files')}
              items={state.files}
              error={errors.files}
              onChange={(files) => set('files', files)}
            />
          )}
          {state.type === 'BLOCK' && errors.files && (
            <Text c="red" size="sm" role="alert">
              {errors.files}
            </Text>
          )}
          <Group align="flex-end">
            <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
              <Text size="sm" fw={500}>
                {t('playlists.secondary')}
              </Text>
              <Text size="sm" c={state.secondaryFile ? undefined : 'dimmed'}>
                {state.secondaryFile?.name ?? '—'}
              </Text>
            </Stack>
            <Button variant="default" onClick={() => setPickingSecondary(true)}>
              {t('playlists.chooseSecondary')}
            </Button>
            {state.secondaryFile && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('playlists.clearSecondary')}
                onClick={() => setState((s) => ({ ...s, secondaryFile: null, secondaryFileId: null }))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
            <NumberInput
              w={180}
              min={1}
              label={t('playlists.secondaryLoop')}
              value={state.secondaryLoopDuration ?? ''}
              onChange={(v) => set('secondaryLoopDuration', v === '' ? null : Number(v))}
            />
          </Group>
          {pickingSecondary && (
            <FilePickerModal
              title={t('playlists.secondary')}
              onClose={() => setPickingSecondary(false)}
              onChoose={([file]) =>
                file &&
                setState((s) => ({ ...s, secondaryFile: toPlaylistItem(file), secondaryFileId: file.id }))
              }
            />
          )}
        </Section>

        <Section title={t('playlists.period')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              step={1}
              label={t('playlists.fromDate')}
              value={toLocalInput(state.fromDate)}
              error={errors.fromDate}
              onChange={(e) => set('fromDate', fromLocalInput(e.currentTarget.value))}
            />
            <TextInput
              type="datetime-local"
              step={1}
              label={t('playlists.toDate')}
              min={toLocalInput(state.fromDate)}
              value={toLocalInput(state.toDate)}
              error={errors.toDate}
              onChange={(e) => set('toDate', fromLocalInput(e.currentTarget.value))}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="playlist-weekdays">
              {t('playlists.weekDays')}
            </Text>
            <Chip.Group
              multiple
              value={state.weekDays.map(String)}
              onChange={(v) => set('weekDays', v.map(Number).sort())}
            >
              <Group gap="xs" role="group" aria-labelledby="playlist-weekdays">
                {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                  <Chip key={d} value={String(d)} size="sm">
                    {t(`playlists.days.${WEEK_DAYS[d]}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.weekDays && (
              <Text c="red" size="sm">
                {errors.weekDays}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {timeInput('fromTime', t('playlists.fromTime'))}
            {timeInput('toTime', t('playlists.toTime'))}
            {timeInput('fromTime2', t('playlists.fromTime2'))}
            {timeInput('toTime2', t('playlists.toTime2'))}
          </SimpleGrid>
        </Section>

        {isAd && (
          <Section title={t('playlists.schedule')}>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="playlist-mode">
                {t('playlists.scheduleMode')}
              </Text>
              <SegmentedControl
                aria-labelledby="playlist-mode"
                fullWidth
                orientation={narrow ? 'vertical' : 'horizontal'}
                data={[
                  { value: 'TIMETABLE', label: t('playlists.modes.TIMETABLE') },
                  { value: 'SHOWS', label: t('playlists.modes.SHOWS') },
                ]}
                value={state.scheduleMode ?? 'TIMETABLE'}
                onChange={(v) => set('scheduleMode', v === 'SHOWS' ? 'SHOWS' : null)}
              />
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                min={1}
                label={state.scheduleMode === 'SHOWS' ? t('playlists.quantity') : t('playlists.periodicity')}
                value={state.periodicity}
                error={errors.periodicity}
                onChange={(v) => {
                  set('periodicity', Number(v) || 0);
                  setSuggestions([]);
                }}
              />
              {state.scheduleMode === 'SHOWS' && (
                <Select
                  label={t('playlists.limitationType')}
                  allowDeselect={false}
                  data={QUOTA_KINDS.map((v) => ({ value: v, label: t(`playlists.quotaKinds.${v}`) }))}
                  value={state.limitationType}
                  onChange={(v) => v && set('limitationType', v as QuotaKind)}
                />
              )}
            </SimpleGrid>
            {suggestions.length > 0 && (
              <Group gap="xs" aria-label={t('playlists.suggested')} role="group">
                <Text size="sm">{t('playlists.suggested')}:</Text>
                {suggestions.map((v) => (
                  <Button key={v} size="compact-sm" variant="light" onClick={() => set('periodicity', v)}>
                    {v}
                  </Button>
                ))}
              </Group>
            )}
            <Checkbox
              label={t('playlists.inLeftoversOnly')}
              checked={state.inLeftoversOnly}
              onChange={(e) => set('inLeftoversOnly', e.currentTarget.checked)}
            />
          </Section>
        )}

        <Section title={t('playlists.targets')}>
          <TargetPicker
            label={t('playlists.screens')}
            kind="points"
            value={state.points}
            onChange={(v) => set('points', v)}
          />
          <TargetPicker
            label={t('playlists.nets')}
            kind="nets"
            value={state.nets}
            onChange={(v) => set('nets', v)}
          />
          {(state.points.length > 0 || state.nets.length > 0) && state.influence === 'PASSIVE' && (
            <Text size="sm" c="dimmed">
              {t('playlists.preparing')}
            </Text>
          )}
        </Section>

        <Section title={t('playlists.restrictions')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {QUOTA_KINDS.map((kind) => (
              <NumberInput
                key={kind}
                min={1}
                label={t(`playlists.quotaKinds.${kind}`)}
                placeholder={t('playlists.noLimit')}
                value={quota(kind)?.quantity ?? ''}
                onChange={(v) => setQuota(kind, v === '' ? null : Number(v))}
              />
            ))}
          </SimpleGrid>
          <NumberInput
            w={240}
            min={1}
            label={t('playlists.maxDuration')}
            placeholder={t('playlists.noLimit')}
            disabled={!has('playlist.maxDuration')}
            value={state.maxDuration ?? ''}
            error={errors.maxDuration}
            onChange={(v) => set('maxDuration', v === '' ? null : Number(v))}
          />
          <Select
            w={240}
            label={t('playlists.actionOnEnd')}
            allowDeselect={false}
            data={[
              { value: 'NOTHING', label: t('playlists.endActions.NOTHING') },
              ...ACTIONS_ON_END.map((v) => ({ value: v, label: t(`playlists.endActions.${v}`) })),
            ]}
            value={state.actionOnEnd ?? 'NOTHING'}
            onChange={(v) =>
              set('actionOnEnd', v === 'NOTHING' || !v ? null : (v as EditorState['actionOnEnd']))
            }
          />
        </Section>

        <Section title={t('playlists.tracking')}>
          <TextInput
            label={t('playlists.pixel')}
            description={t('playlists.pixelHelp', { macros: PIXEL_MACROS.map((m) => `{${m}}`).join(' ') })}
            placeholder="https://tracker.example.com/p.gif?show={EVENT_ID}&screen={SCREEN_ID}"
            value={state.pixel ?? ''}
            error={errors.pixel}
            onChange={(e) => set('pixel', pixelAddress(e.currentTarget.value) || null)}
          />
          <Group>
            <Checkbox
              label={t('playlists.noStats')}
              checked={state.noStats}
              onChange={(e) => set('noStats', e.currentTarget.checked)}
            />
            <Checkbox
              label={t('playlists.access')}
              checked={state.access}
              onChange={(e) => set('access', e.currentTarget.checked)}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('playlists.source')}
              clearable
              data={AD_SUPPLIERS.map((s) => ({
                value: s.kind,
                label: t(`playlists.suppliers.${s.kind}`),
                disabled: !s.enabled,
              }))}
              value={state.source}
              onChange={(v) => set('source', v as EditorState['source'])}
            />
            <MultiSelect
              label={t('playlists.providers')}
              data={AD_SUPPLIERS.map((s) => ({
                value: s.kind,
                label: t(`playlists.suppliers.${s.kind}`),
                disabled: !s.enabled,
              }))}
              value={state.advertisingProviders}
              onChange={(v) => set('advertisingProviders', v as EditorState['advertisingProviders'])}
            />
            <Select
              label={t('playlists.sspConnector')}
              clearable
              data={SSP_MODES.map((v) => ({ value: v, label: t(`playlists.sspModes.${v}`) }))}
              value={state.sspConnector?.mode ?? null}
              onChange={(v) =>
                set('sspConnector', v ? { enabled: true, mode: v as (typeof SSP_MODES)[number] } : null)
              }
            />
          </SimpleGrid>
          {state.sspConnector && (
            <Text size="sm" c="dimmed">
              {t('playlists.sspNeeds')}
            </Text>
          )}
        </Section>
      </Stack>
    </form>
  );
}

/** /playlist/create and /playlist/{id}. */
export function PlaylistEditPage() {
  const params = useParams({ strict: false }) as { id?: string };
  const id = params.id ? Number(params.id) : null;
  const { t } = useTranslation();
  // Roles that edit read the versions too: an author's editor opens on their own waiting version.
  const editsPlaylists = usePermission('playlist.patch');
  const { data, isLoading } = usePlaylist(id);
  const { data: versions, isLoading: versionsLoading } = usePlaylistVersions(id, editsPlaylists);
  if (id !== null && (!data || (editsPlaylists && !versions)))
    return isLoading || versionsLoading ? (
      <Loader aria-label={t('playlists.loading')} />
    ) : (
      <Text>{t('errors.NOT_FOUND')}</Text>
    );
  const live = versions?.approved ?? data ?? null;
  // A save, an approval or a rejection changes what the editor starts from: it starts again.
  const key = versions
    ? [
        versions.approved.updatedDate,
        versions.requests.map((r) => r.id).join('.'),
        versions.rejection?.decidedDate ?? '',
      ].join('-')
    : data
      ? `${data.updatedDate}-${data.pendingChange?.id ?? 0}`
      : 'new';
  return <Editor key={key} playlist={versions?.own ?? live} live={live} versions={versions ?? null} />;
}
