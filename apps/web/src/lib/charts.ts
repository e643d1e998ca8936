/**
 * What the cabinet's ECharts charts share: one instance per div (created on mount, given each new option
 * whole, resized with its box, disposed on unmount) and the Mantine theme's colors for the current scheme
 * (a canvas cannot read CSS variables). Each chart module registers only the ECharts parts it draws with.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { init, type ECharts, type EChartsCoreOption } from 'echarts/core';

export function useChart(option: EChartsCoreOption, onClick?: (dataIndex: number) => void) {
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
    // Browser tests wait for `data-chart="drawn"` (ECharts' `finished`: drawn and done animating).
    element.dataset.chart = 'drawing';
    instance.on('finished', () => {
      element.dataset.chart = 'drawn';
    });
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
    if (!chart.current) return;
    if (ref.current) ref.current.dataset.chart = 'drawing';
    chart.current.setOption(option, { notMerge: true });
  }, [option]);
  return ref;
}

export function useChartPalette() {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  // One object per theme and scheme, so a chart's option is built again only when they change.
  return useMemo(() => {
    /** A Mantine color's shade for the scheme (blue for a name the theme lacks). */
    const shade = (name: string) => (theme.colors[name] ?? theme.colors.blue)[dark ? 4 : 6];
    return {
      dark,
      shade,
      text: dark ? theme.colors.dark[0] : theme.colors.gray[7],
      muted: dark ? theme.colors.dark[2] : theme.colors.gray[6],
      line: dark ? theme.colors.dark[4] : theme.colors.gray[3],
      track: dark ? theme.colors.dark[5] : theme.colors.gray[1],
      primary: shade(theme.primaryColor),
      tooltipBg: dark ? theme.colors.dark[7] : theme.white,
      tooltipText: dark ? theme.colors.dark[0] : theme.colors.gray[9],
    };
  }, [theme, dark]);
}
