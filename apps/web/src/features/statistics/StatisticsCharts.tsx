/**
 * The statistics pages' charts (report by hours, impressions per day, a screen's audience), in a chunk of
 * their own: the pages load it with the first chart. Only the parts of ECharts drawn with are registered.
 * The canvas is hidden from assistive technology: every chart has a table with the same numbers.
 */
import { useMemo } from 'react';
import { use as register, format, type ComposeOption } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useChart, useChartPalette } from '../../lib/charts';
import { axisNumber } from './axis';

register([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

type Option = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
>;

export interface ChartSeries {
  name: string;
  type: 'bar' | 'line';
  data: number[];
  /** Bars of one stack sit on each other (impressions by source). */
  stack?: string;
  /** The right-hand axis (a second unit). */
  right?: boolean;
  /** A Mantine color name; the theme's shade for the scheme is used. */
  color: string;
}

/** One series as ECharts draws it: bars (rounded on top unless stacked) or a smooth line. */
function seriesOption(s: ChartSeries, shade: (color: string) => string): BarSeriesOption | LineSeriesOption {
  return s.type === 'bar'
    ? ({
        type: 'bar',
        name: s.name,
        data: s.data,
        yAxisIndex: s.right ? 1 : 0,
        itemStyle: { color: shade(s.color), borderRadius: s.stack ? 0 : [3, 3, 0, 0] },
        barMaxWidth: 28,
        ...(s.stack ? { stack: s.stack } : {}),
      } satisfies BarSeriesOption)
    : ({
        type: 'line',
        name: s.name,
        data: s.data,
        yAxisIndex: s.right ? 1 : 0,
        smooth: true,
        symbolSize: 5,
        showSymbol: s.data.length <= 48,
        itemStyle: { color: shade(s.color) },
        lineStyle: { color: shade(s.color), width: 2 },
      } satisfies LineSeriesOption);
}

/** Values on axes and in tooltips, in the reader's language. */

export function SeriesChart({
  categories,
  series,
  height = 320,
  locale,
  testId,
}: {
  categories: string[];
  series: ChartSeries[];
  height?: number;
  locale: string;
  testId?: string;
}) {
  const palette = useChartPalette();
  const hasRight = series.some((s) => s.right);
  const option = useMemo<Option>(() => {
    const { text, muted, line, shade } = palette;
    const number = new Intl.NumberFormat(locale);
    const axis = {
      type: 'value' as const,
      axisLabel: { color: muted, formatter: (v: number) => axisNumber(v, locale) },
      splitLine: { lineStyle: { color: line } },
    };
    // Many bars (a long period by day) get a zoom slider instead of unreadable slivers.
    const zoom = categories.length > 200;
    return {
      animationDuration: 300,
      legend: { top: 0, textStyle: { color: text } },
      grid: { left: 8, right: 8, top: 36, bottom: zoom ? 56 : 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        confine: true,
        backgroundColor: palette.tooltipBg,
        borderColor: line,
        textStyle: { color: palette.tooltipText },
        formatter: (params) => {
          const list = Array.isArray(params) ? params : [params];
          const title = format.encodeHTML(String((list[0] as { name?: string })?.name ?? ''));
          const lines = list.map(
            (p) =>
              `${String(p.marker ?? '')} ${format.encodeHTML(String(p.seriesName ?? ''))}: <strong>${number.format(Number(p.value ?? 0))}</strong>`,
          );
          return `<strong>${title}</strong><br/>${lines.join('<br/>')}`;
        },
      },
      xAxis: {
        type: 'category',
        data: categories,
        axisLine: { lineStyle: { color: line } },
        axisLabel: { color: muted, hideOverlap: true },
      },
      // Counts on the left never show fractions; the right axis (impressions, viewers) may.
      yAxis: hasRight
        ? [
            { ...axis, minInterval: 1 },
            { ...axis, splitLine: { show: false } },
          ]
        : [axis],
      dataZoom: zoom ? [{ type: 'slider', bottom: 8, height: 24 }, { type: 'inside' }] : [],
      series: series.map((s) => seriesOption(s, shade)),
    };
  }, [categories, series, palette, locale, hasRight]);

  const ref = useChart(option);
  return <div ref={ref} aria-hidden data-testid={testId} style={{ width: '100%', height }} />;
}
