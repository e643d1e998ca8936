/**
 * The statistics pages' charts (report by hours, impressions per day, a screen's audience), in a chunk of
 * their own: the pages load it with the first chart. Only the parts of ECharts drawn with are registered.
 * The canvas is hidden from assistive technology: every chart has a table with the same numbers.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { init, use as register, format, type ComposeOption, type ECharts } from 'echarts/core';
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

/** Values on axes and in tooltips, in the reader's language. */
const compact = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);

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
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const hasRight = series.some((s) => s.right);
  const option = useMemo<Option>(() => {
    const text = dark ? theme.colors.dark[0] : theme.colors.gray[7];
    const muted = dark ? theme.colors.dark[2] : theme.colors.gray[6];
    const line = dark ? theme.colors.dark[4] : theme.colors.gray[3];
    const shade = (name: string) => (theme.colors[name] ?? theme.colors.blue)[dark ? 4 : 6];
    const number = new Intl.NumberFormat(locale);
    const axis = {
      type: 'value' as const,
      axisLabel: { color: muted, formatter: (v: number) => compact(v, locale) },
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
        backgroundColor: dark ? theme.colors.dark[7] : theme.white,
        borderColor: line,
        textStyle: { color: dark ? theme.colors.dark[0] : theme.colors.gray[9] },
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
      series: series.map((s) =>
        s.type === 'bar'
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
            } satisfies LineSeriesOption),
      ),
    };
  }, [categories, series, theme, dark, locale, hasRight]);

  useEffect(() => {
    const element = ref.current!;
    const instance = init(element, null, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={ref} aria-hidden data-testid={testId} style={{ width: '100%', height }} />;
}
