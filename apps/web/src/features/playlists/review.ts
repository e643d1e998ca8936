import { itemSeconds, type Playlist, type PlaylistItem } from '@vitrine/core';

/** i18next's t, narrowed to what the comparison needs (a test passes a stand-in). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One entry of a list field; `mark` says whether the other version lacks it. */
export interface DiffEntry {
  key: string;
  text: string;
  mark: 'same' | 'added' | 'removed';
}

/**
 * What a cell shows: one line of text, or a list whose entries can be added or removed (`inline`: short
 * entries such as days and names, written one after another rather than one per line).
 */
export type DiffValue =
  { kind: 'text'; text: string } | { kind: 'list'; entries: DiffEntry[]; inline: boolean };

export interface DiffRow {
  field: string;
  label: string;
  approved: DiffValue;
  pending: DiffValue;
  changed: boolean;
}

const NONE = '—';

/** A list field's entries: a stable key (ids) for each, and what a person reads (names). */
type Entries = { key: string; text: string }[];

interface FieldSpec {
  field: string;
  label: string;
  /** What counts for "changed": the stored value (ids, numbers), never the display text alone. */
  value: (p: Playlist) => unknown;
  show: (p: Playlist) => string | Entries;
  inline?: boolean;
}

/** Keys unique within a list: the same file twice is two entries. */
function numbered(list: { key: string; text: string }[]): Entries {
  const seen = new Map<string, number>();
  return list.map(({ key, text }) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return { key: `${key}#${n}`, text };
  });
}

/** The helpers every field group uses: translations, the NONE sign, items and names as list entries. */
function fieldKit(t: Translate) {
  const yesNo = (v: boolean) => t(v ? 'playlists.review.yes' : 'playlists.review.no');
  const orNone = (v: string | number | null) => (v === null || v === '' ? NONE : String(v));
  // The length it plays: the media's own, else the one set, else the default (as the schedule counts).
  const item = (i: PlaylistItem) =>
    t('playlists.review.item', { name: i.name, seconds: itemSeconds(i, i.mediaDuration) });
  const items = (list: PlaylistItem[]) =>
    numbered(list.map((i) => ({ key: `${i.fileId}:${i.duration ?? ''}`, text: item(i) })));
  const refs = (list: PlaylistItem[]) => list.map((i) => [i.fileId, i.duration]);
  const named = (list: { id: number; name: string }[]) =>
    numbered(list.map((x) => ({ key: String(x.id), text: x.name })));
  const ids = (list: { id: number }[]) => list.map((x) => x.id);
  const plain = (
    field: keyof Playlist & string,
    label: string,
    show?: (p: Playlist) => string,
  ): FieldSpec => ({
    field,
    label: t(label),
    value: (p) => p[field],
    show: show ?? ((p) => orNone(p[field] as string | number | null)),
  });
  const flag = (field: keyof Playlist & string, label: string): FieldSpec =>
    plain(field, label, (p) => yesNo(p[field] as boolean));
  return { t, plain, flag, yesNo, orNone, item, items, refs, named, ids };
}

type FieldKit = ReturnType<typeof fieldKit>;

/** Name, kind and when it plays (dates, days, hours). */
const whenFields = ({ t, plain }: FieldKit): FieldSpec[] => [
  plain('name', 'playlists.name'),
  plain('category', 'playlists.category', (p) =>
    p.category ? t(`playlists.categories.${p.category}`) : NONE,
  ),
  plain('type', 'playlists.type', (p) => t(`playlists.types.${p.type}`)),
  plain('fromDate', 'playlists.fromDate'),
  plain('toDate', 'playlists.toDate'),
  {
    field: 'weekDays',
    label: t('playlists.weekDays'),
    inline: true,
    value: (p) => p.weekDays,
    // Monday first, as the editor lists them.
    show: (p) =>
      [1, 2, 3, 4, 5, 6, 0]
        .filter((d) => p.weekDays.includes(d))
        .map((d) => ({ key: String(d), text: t(`playlists.days.${d}`) })),
  },
  plain('fromTime', 'playlists.fromTime'),
  plain('toTime', 'playlists.toTime'),
  plain('fromTime2', 'playlists.fromTime2'),
  plain('toTime2', 'playlists.toTime2'),
];

/** What it plays: files, sections, order, the secondary file. */
const contentFields = ({ t, plain, item, items, refs }: FieldKit): FieldSpec[] => [
  {
    field: 'files',
    label: t('playlists.files'),
    value: (p) => refs(p.files),
    show: (p) => items(p.files),
  },
  plain('blockDuration', 'playlists.blockDuration'),
  {
    field: 'sections',
    label: t('playlists.review.sections'),
    value: (p) => p.sections.map((s) => ({ ...s, files: refs(s.files) })),
    show: (p) =>
      numbered(
        p.sections.map((s, i) => {
          const line = [
            t('playlists.review.sectionLine', { duration: s.duration, repeat: s.repeat, order: s.order }),
            ...(s.duplicate ? [t('playlists.review.duplicate')] : []),
          ].join(', ');
          const files = s.files.map(item).join('; ') || t('playlists.review.noFiles');
          const text = `${t('playlists.sectionN', { n: i + 1 })}: ${line} — ${files}`;
          return { key: text, text };
        }),
      ),
  },
  plain('filesOrder', 'playlists.filesOrder', (p) => t(`playlists.orders.${p.filesOrder}`)),
  plain('influence', 'playlists.influence', (p) => t(`playlists.influences.${p.influence}`)),
  {
    field: 'secondaryFile',
    label: t('playlists.secondary'),
    value: (p) => p.secondaryFileId,
    show: (p) => p.secondaryFile?.name ?? NONE,
  },
  plain('secondaryLoopDuration', 'playlists.secondaryLoop'),
];

/** How the schedule places it. */
const scheduleFields = ({ t, plain, flag }: FieldKit): FieldSpec[] => [
  plain('scheduleMode', 'playlists.scheduleMode', (p) =>
    t(`playlists.modes.${p.scheduleMode ?? 'TIMETABLE'}`),
  ),
  plain('periodicity', 'playlists.periodicity'),
  plain('limitationType', 'playlists.limitationType', (p) => t(`playlists.quotaKinds.${p.limitationType}`)),
  flag('inLeftoversOnly', 'playlists.inLeftoversOnly'),
];

/** Where it plays: screens, networks and video walls. */
const targetsFields = ({ t, named, ids }: FieldKit): FieldSpec[] => [
  {
    field: 'points',
    label: t('playlists.screens'),
    inline: true,
    value: (p) => ids(p.points),
    show: (p) => named(p.points),
  },
  {
    field: 'nets',
    label: t('playlists.nets'),
    inline: true,
    value: (p) => ids(p.nets),
    show: (p) => named(p.nets),
  },
  {
    field: 'walls',
    label: t('playlists.walls'),
    inline: true,
    value: (p) => ids(p.walls),
    show: (p) => named(p.walls),
  },
];

/** Restrictions, the longest show, what happens at the end, tags. */
const limitsFields = ({ t, plain, named, ids }: FieldKit): FieldSpec[] => [
  {
    field: 'quotas',
    label: t('playlists.restrictions'),
    inline: true,
    value: (p) => [...p.quotas].sort((a, b) => a.kind.localeCompare(b.kind)),
    show: (p) =>
      p.quotas.map((q) => ({
        key: `${q.kind}:${q.quantity}`,
        text: `${t(`playlists.quotaKinds.${q.kind}`)}: ${q.quantity}`,
      })),
  },
  plain('maxDuration', 'playlists.maxDuration', (p) =>
    p.maxDuration === null ? t('playlists.noLimit') : String(p.maxDuration),
  ),
  plain('actionOnEnd', 'playlists.actionOnEnd', (p) =>
    t(`playlists.endActions.${p.actionOnEnd ?? 'NOTHING'}`),
  ),
  {
    field: 'tags',
    label: t('playlists.tags'),
    inline: true,
    value: (p) => [...ids(p.tags)].sort((a, b) => a - b),
    show: (p) => named(p.tags),
  },
];

/** How it looks on the screen, and whether it is on. */
const appearanceFields = ({ t, plain, flag }: FieldKit): FieldSpec[] => [
  plain('theme', 'playlists.theme', (p) =>
    p.theme === null
      ? t('playlists.themes.none')
      : p.theme === 'dark' || p.theme === 'light'
        ? t(`playlists.themes.${p.theme}`)
        : p.theme,
  ),
  plain('interval', 'playlists.interval'),
  plain('floating', 'playlists.floatingPosition', (p) =>
    p.floating ? `${t(`playlists.positions.${p.floating.position}`)}, ${p.floating.size}%` : NONE,
  ),
  plain('geofence', 'playlists.geofence', (p) =>
    p.geofence ? `${p.geofence.lat}, ${p.geofence.lng} · ${p.geofence.radius} m` : NONE,
  ),
  flag('active', 'playlists.active'),
  flag('override', 'playlists.override'),
];

/** Counting and advertising. */
const trackingFields = ({ t, plain, flag }: FieldKit): FieldSpec[] => [
  plain('pixel', 'playlists.pixel'),
  flag('noStats', 'playlists.noStats'),
  flag('access', 'playlists.access'),
  plain('source', 'playlists.source', (p) => (p.source ? t(`playlists.suppliers.${p.source}`) : NONE)),
  {
    field: 'advertisingProviders',
    label: t('playlists.providers'),
    inline: true,
    value: (p) => p.advertisingProviders,
    show: (p) => p.advertisingProviders.map((s) => ({ key: s, text: t(`playlists.suppliers.${s}`) })),
  },
  plain('sspConnector', 'playlists.sspConnector', (p) =>
    p.sspConnector ? t(`playlists.sspModes.${p.sspConnector.mode}`) : NONE,
  ),
];

/** Every field of a playlist the comparison shows, in the editor's order. */
function fields(t: Translate): FieldSpec[] {
  const kit = fieldKit(t);
  return [
    ...whenFields(kit),
    ...contentFields(kit),
    ...scheduleFields(kit),
    ...targetsFields(kit),
    ...limitsFields(kit),
    ...appearanceFields(kit),
    ...trackingFields(kit),
  ];
}

/** Entries of one side, marked where the other side lacks them (by key: ids, never names alone). */
function marked(mine: Entries, theirs: Entries, missing: 'added' | 'removed'): DiffEntry[] {
  const other = new Set(theirs.map((e) => e.key));
  return mine.map((e) => ({ ...e, mark: other.has(e.key) ? 'same' : missing }));
}

const toValue = (shown: string | Entries, entries: DiffEntry[], inline = false): DiffValue =>
  typeof shown === 'string' ? { kind: 'text', text: shown } : { kind: 'list', entries, inline };

/**
 * The approved version against the one waiting, field by field, with file, screen, network and tag
 * names. `approved` null: a new playlist never approved, every field of it is new.
 */
export function diffPlaylists(approved: Playlist | null, pending: Playlist, t: Translate): DiffRow[] {
  return fields(t).map((spec) => {
    const after = spec.show(pending);
    if (!approved) {
      const entries = typeof after === 'string' ? [] : after.map((e) => ({ ...e, mark: 'added' as const }));
      return {
        field: spec.field,
        label: spec.label,
        approved: { kind: 'text', text: NONE },
        pending: toValue(after, entries, spec.inline),
        changed: true,
      };
    }
    const before = spec.show(approved);
    const listBefore = typeof before === 'string' ? [] : before;
    const listAfter = typeof after === 'string' ? [] : after;
    return {
      field: spec.field,
      label: spec.label,
      approved: toValue(before, marked(listBefore, listAfter, 'removed'), spec.inline),
      pending: toValue(after, marked(listAfter, listBefore, 'added'), spec.inline),
      changed: JSON.stringify(spec.value(approved)) !== JSON.stringify(spec.value(pending)),
    };
  });
}
