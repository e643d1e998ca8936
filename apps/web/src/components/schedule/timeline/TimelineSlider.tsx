import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BAR_HEIGHT } from './geometry';
import type { TimelineView } from './useTimelineView';

/**
 * The bar itself, a slider over the seconds of the day: pointing at it sets the place (a click zooms into
 * the hour), the keyboard steps through it (`onKey`), and a line marks the place when it is in view.
 */
export function TimelineSlider({
  view,
  valueText,
  background,
  onKey,
  children,
}: {
  view: TimelineView;
  valueText: string;
  background: string;
  onKey: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** The stretches, drawn in seconds. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { cursor, from, to, span, zoom, setPlace, setZoom, timeAt, hourOf } = view;
  const visible = cursor !== null && cursor >= from && cursor <= to;
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={t('schedule.timeline')}
      aria-valuemin={0}
      aria-valuemax={Math.round(view.length)}
      aria-valuenow={Math.round(cursor ?? from)}
      aria-valuetext={valueText}
      aria-describedby="schedule-timeline-help"
      data-testid="schedule-timeline"
      onPointerMove={(e) => setPlace({ at: timeAt(e), exact: false })}
      onPointerDown={(e) => setPlace({ at: timeAt(e), exact: false })}
      onPointerLeave={() => setPlace(null)}
      onClick={(e) => {
        if (zoom === null) setZoom(hourOf(timeAt(e)));
      }}
      onKeyDown={onKey}
      onBlur={() => setPlace(null)}
      style={{
        position: 'relative',
        height: BAR_HEIGHT,
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
        background,
        cursor: zoom === null ? 'zoom-in' : 'crosshair',
        touchAction: 'pan-y',
      }}
    >
      <svg
        width="100%"
        height={BAR_HEIGHT}
        viewBox={`${from} 0 ${span} 1`}
        preserveAspectRatio="none"
        aria-hidden
        style={{ display: 'block' }}
      >
        {children}
      </svg>
      {visible && (
        <div
          aria-hidden
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${((cursor - from) / span) * 100}%`,
            width: 2,
            marginLeft: -1,
            background: 'var(--mantine-color-text)',
            pointerEvents: 'none',
          }}
        />
      )}
    </div>
  );
}
