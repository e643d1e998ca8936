/**
 * The dashboard's bar chart, in a chunk of its own (the page loads it on demand). Only the parts of Apache
 * ECharts it draws with are registered, so the rest of the library never reaches the bundle. (The average's
 * gauge is Mantine's SemiCircleProgress: ECharts' gauge would add its weight for one arc.)
 */
import { useEffect, useMemo, useRef } from 'react';
import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { init, use as register, format, type ComposeOption, type ECharts } from 'echarts/core';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

register([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** Colors from the Mantine theme for the current scheme: canvas cannot read CSS variables. */
function usePalette() {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const primary = theme.colors[theme.primaryColor]!;
  return {
    dark,
    text: dark ? theme.colors.dark[0] : theme.colors.gray[7],
    muted: dark ? theme.colors.dark[2] : theme.colors.gray[6],
    line: dark ? theme.colors.dark[4] : theme.colors.gray[3],
    track: dark ? theme.colors.dark[5] : theme.colors.gray[1],
    bar: dark ? primary[4] : primary[6],
    tooltipBg: dark ? theme.colors.dark[7] : theme.white,
    tooltipText: dark ? theme.colors.dark[0] : theme.colors.gray[9],
  };
}

/**
 * One ECharts instance on a div: created on mount, given each new option whole, resized with its box (the
 * window, the side menu, a rotated phone) and disposed on unmount.
 */
function useChart(option: Option, onClick?: (dataIndex: number) => void) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const click = useRef(onClick);
  useEffect(() => {
    click.current = onClick;
  }, [onClick]);
  useEffect(() => {
    const element = ref.current!;
    const instance = init(element, null, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (event) => {
      if (typeof event.dataIndex === 'number') click.current?.(event.dataIndex);
    });
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
  return ref;
}

export interface FullnessBar {
  id: number;
  name: string;
  fullness: number;
}

const ROW_HEIGHT = 30;

/**
 * Fullness per screen as horizontal bars, fullest first (the caller sorts and limits). A click on a bar
 * opens that screen's schedule. The canvas is hidden from assistive technology: the page gives the same
 * values as a table.
 */
export function FullnessBarsChart({
  rows,
  percent,
  describe,
  onOpen,
}: {
  rows: FullnessBar[];
  percent: (fraction: number) => string;
  /** The tooltip's lines for one screen, plain text. */
  describe: (index: number) => string[];
  onOpen?: (id: number) => void;
}) {
  const palette = usePalette();
  const { ref: box, width } = useElementSize();
  // Names take up to a third of a phone's width, and at most 180 px on a wide screen.
  const labelWidth = Math.round(Math.min(180, Math.max(80, width * 0.3)));
  const option = useMemo<Option>(
    () => ({
      animationDuration: 300,
      grid: { left: 8, right: 56, top: 8, bottom: 28, containLabel: true },
      tooltip: {
        trigger: 'item',
        confine: true,
        backgroundColor: palette.tooltipBg,
        borderColor: palette.line,
        textStyle: { color: palette.tooltipText },
        // Screen names are people's input: escaped before they become tooltip markup.
        formatter: (params) => {
          const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? 0;
          const [title, ...lines] = describe(index).map((line) => format.encodeHTML(line));
          return `<strong>${title ?? ''}</strong><br/>${lines.join('<br/>')}`;
        },
      },
      xAxis: {
        type: 'value',
        min: 0,
        max: 1,
        interval: 0.25,
        axisLabel: { color: palette.muted, formatter: (value: number) => percent(value) },
        splitLine: { lineStyle: { color: palette.line } },
      },
      yAxis: {
        type: 'category',
        inverse: true,
        data: rows.map((r) => r.name),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: palette.line } },
        axisLabel: { color: palette.text, width: labelWidth, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          data: rows.map((r) => r.fullness),
          barMaxWidth: 18,
          cursor: onOpen ? 'pointer' : 'default',
          itemStyle: { color: palette.bar, borderRadius: [0, 4, 4, 0] },
          showBackground: true,
          backgroundStyle: { color: palette.track, borderRadius: [0, 4, 4, 0] },
          label: {
            show: true,
            position: 'right',
            color: palette.text,
            formatter: (p) => percent(Number(p.value)),
          },
        },
      ],
    }),
    [rows, palette, percent, describe, onOpen, labelWidth],
  );
  const ref = useChart(option, (index) => {
    const row = rows[index];
    if (row && onOpen) onOpen(row.id);
  });
  return (
    <div ref={box}>
      <div
        ref={ref}
        aria-hidden
        data-testid="fullness-bars"
        style={{ width: '100%', height: rows.length * ROW_HEIGHT + 44 }}
      />
    </div>
  );
}
