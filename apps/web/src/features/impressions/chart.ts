import { addDays } from '../statistics';

/** Colors of the sources, in the order they first appear. */
const COLORS = ['blue', 'teal', 'orange', 'grape', 'pink', 'cyan', 'lime'];

/** One day's impressions from one source. */
export interface ImpressionsRow {
  date: string;
  source: string;
  impressions: number;
}

/**
 * The chart's days and series: every day of the period (at most 400), so quiet days read as zero rather
 * than vanishing; one series a source, in the order they first appear, its values to two decimals.
 */
export function impressionsChart(rows: readonly ImpressionsRow[], from: string, to: string) {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 400; day = addDays(day, 1)) days.push(day);
  const sources = [...new Set(rows.map((r) => r.source))];
  const values = new Map(rows.map((r) => [`${r.date}|${r.source}`, r.impressions]));
  return {
    days,
    series: sources.map((source, i) => ({
      source,
      color: COLORS[i % COLORS.length]!,
      data: days.map((day) => Math.round((values.get(`${day}|${source}`) ?? 0) * 100) / 100),
    })),
  };
}
