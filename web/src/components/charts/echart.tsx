// The one ECharts host (DESIGN §5.12): owns init, resize, theme and dispose; options come from pure builders. Its
// theme leads the palette with the primary colour in force (lib/theme), so a brand's colour reaches every chart: a
// change of colour starts the chart again with the new theme and draws the same option.
import { GridComponent, LegendPlainComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, type CSSProperties } from 'react';

import { whenSymbolFontReady } from '@/lib/symbol-font';
import { chartPaletteFor, colors, fontFamily, usePrimaryColor } from '@/lib/theme';

// What every chart uses. Series types and extras (zoom, scrolling legend) come from each caller's `parts`, so a page
// loads only the parts it draws with: the home page's pie and bars leave out lines and zoom (~20 KB gzip).
echarts.use([GridComponent, LegendPlainComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export type EChartsOption = echarts.EChartsCoreOption;
/** ECharts parts (`echarts/charts`, `echarts/components`) a chart needs beyond the host's own. */
export type EChartsParts = Parameters<typeof echarts.use>[0];

/** The console's chart theme: brand palette and the page's font (the symbol font first). */
export const CHART_THEME = 'iotyun';
const registered = new Set<string>();

/** The chart theme led by `primary`, registered with ECharts on first use ('iotyun' for the platform's colour). */
export function chartThemeFor(primary: string): string {
  const name =
    primary.toUpperCase() === colors.primary.toUpperCase() ? CHART_THEME : `iotyun-${primary.slice(1)}`;
  if (!registered.has(name)) {
    echarts.registerTheme(name, { color: chartPaletteFor(primary), textStyle: { fontFamily } });
    registered.add(name);
  }
  return name;
}
chartThemeFor(colors.primary);

export interface EChartProps {
  option: EChartsOption;
  /** The series types (and extras) the option uses, e.g. `[PieChart]`; registered once, before the chart starts. */
  parts: EChartsParts;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  /** Accessible description of the chart (canvas content is invisible to screen readers). */
  ariaLabel?: string;
  onClick?: (params: { name: string; dataIndex: number; seriesIndex?: number }) => void;
}

export function EChart({ option, parts, height = 280, className, style, ariaLabel, onClick }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const clickRef = useRef(onClick);
  // The parts are registered once, when the chart starts: later changes could not apply to a running chart anyway.
  const partsRef = useRef(parts);
  const optionRef = useRef(option);
  // Whether the option was drawn once: a chart started again (a new primary colour) draws it again at once.
  const drawnRef = useRef(false);
  const theme = chartThemeFor(usePrimaryColor());
  useEffect(() => {
    clickRef.current = onClick;
  }, [onClick]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    echarts.use(partsRef.current);
    const instance = echarts.init(el, theme, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (params) => {
      const p = params as { name: string; dataIndex: number; seriesIndex?: number };
      clickRef.current?.(p);
    });
    // A ResizeObserver reports every element once as it starts observing: a chart already drawn at that size is not
    // drawn again (a dashboard of 15 charts spent ~140 ms so; B6). Only a real change of size redraws.
    let size = { width: el.clientWidth, height: el.clientHeight };
    const observer = new ResizeObserver(() => {
      const next = { width: el.clientWidth, height: el.clientHeight };
      if (next.width === size.width && next.height === size.height) return;
      size = next;
      instance.resize();
    });
    observer.observe(el);
    const redrawn = drawnRef.current
      ? whenSymbolFontReady(() => instance.setOption(optionRef.current, { notMerge: true }))
      : undefined;
    return () => {
      redrawn?.();
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  // Drawn once the symbol font is there (lib/symbol-font.ts): a canvas keeps the glyphs it drew first.
  useEffect(() => {
    optionRef.current = option;
    drawnRef.current = true;
    return whenSymbolFontReady(() => chart.current?.setOption(option, { notMerge: true }));
  }, [option]);

  return (
    <div
      ref={ref}
      className={className}
      role="img"
      aria-label={ariaLabel}
      style={{ width: '100%', height, ...style }}
    />
  );
}
