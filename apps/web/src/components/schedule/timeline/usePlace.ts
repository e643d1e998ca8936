import { useTranslation } from 'react-i18next';
import { pick, type Segment } from './geometry';
import type { TimelineView } from './useTimelineView';

/**
 * What plays at the user's place (the keyboard's exact stretch, or what is drawn under the pointer), and
 * the sentence that says it: when, which playlist, its type and stretch, or that the time is free.
 */
export function usePlace(
  view: TimelineView,
  segments: Segment[],
  widths: Map<Segment, number>,
  names: Map<number, string>,
) {
  const { t } = useTranslation();
  const { cursor, clock } = view;
  const current =
    cursor === null
      ? null
      : view.place?.exact
        ? pick(segments, cursor, null, 0)
        : pick(segments, cursor, widths, view.perPx / 2);
  const describe = (at: number, s: Segment | null) =>
    s
      ? t('schedule.at', {
          time: clock(at),
          playlist: names.get(s.playlistId) ?? `#${s.playlistId}`,
          type: t(`playlists.types.${s.type}`),
          from: clock(s.start),
          to: clock(s.end),
          count: s.items,
        })
      : t('schedule.atFree', { time: clock(at) });
  return { current, describe };
}
