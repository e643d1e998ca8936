/**
 * The dashboard's bar chart, in a chunk of its own (the page loads it on demand). Only the parts of Apache
 * ECharts it draws with are registered, so the rest of the library never reaches the bundle. (The average's
 * gauge is Mantine's SemiCircleProgress: ECharts' gauge would add its weight for one arc.)
 */
import { useMemo } from 'react';
import { useElementSize } from '@mantine/hooks';
import { use as register, format, type ComposeOption } from 'echarts/core';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useChart, useChartPalette } from '../../lib/charts';

register([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

type Option = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface FullnessBar {
  id: number;
  name: string;
  fullness: number;
}

const ROW_HEIGHT = 30;

type Palette = ReturnType<typeof useChartPalette>;

interface OptionInput {
  rows: FullnessBar[];
  palette: Palette;
  percent: (fraction: number) => string;
  describe: (index: number) => string[];
  onOpen: ((id: number) => void) | undefined;
  labelWidth: number;
}

/** The chart's ECharts option: one bar a screen, its percentage beside it, its lines in the tooltip. */
function fullnessOption({ rows, palette, percent, describe, onOpen, labelWidth }: OptionInput): Option {
  return {
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
        itemStyle: { color: palette.primary, borderRadius: [0, 4, 4, 0] },
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
  };
}

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
  const palette = useChartPalette();
  const { ref: box, width } = useElementSize();
  // Names take up to a third of a phone's width, and at most 180 px on a wide screen.
  const labelWidth = Math.round(Math.min(180, Math.max(80, width * 0.3)));
  const option = useMemo<Option>(
    () => fullnessOption({ rows, palette, percent, describe, onOpen, labelWidth }),
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
