import type { Audience, AudienceRow } from '@vitrine/core';

/** The 24 hours of a screen's day. */
export const HOURS = Array.from({ length: 24 }, (_, h) => h);
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export interface AudienceHour {
  hour: number;
  shows: number;
  viewers: number;
  impressions: number;
  measuredHours: number;
}

/**
 * One screen's rows per hour of its day, every hour present: viewers per show as measured, else the
 * screen's setting for the hour (perHour[hour], else viewers).
 */
export function audienceByHour(rows: AudienceRow[], pointId: number, audience: Audience): AudienceHour[] {
  const byHour = new Map(rows.filter((r) => r.pointId === pointId).map((r) => [r.hour, r]));
  return HOURS.map((hour) => {
    const row = byHour.get(hour);
    return {
      hour,
      shows: row?.shows ?? 0,
      viewers: row?.viewers ?? audience.perHour?.[hour] ?? audience.viewers,
      impressions: row?.impressions ?? 0,
      measuredHours: row?.measuredHours ?? 0,
    };
  });
}

/** The period's sums, and its busiest hour (the first of the most shows). */
export function audienceTotals(hours: AudienceHour[]) {
  return {
    shows: hours.reduce((sum, r) => sum + r.shows, 0),
    impressions: hours.reduce((sum, r) => sum + r.impressions, 0),
    measuredHours: hours.reduce((sum, r) => sum + r.measuredHours, 0),
    busiest: hours.reduce((best, r) => (r.shows > best.shows ? r : best), hours[0]!),
  };
}
