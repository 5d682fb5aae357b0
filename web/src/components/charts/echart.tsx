// The one ECharts host (DESIGN §5.12): owns init, resize, theme and dispose; options come from pure builders.
import { GridComponent, LegendPlainComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, type CSSProperties } from 'react';

import { whenSymbolFontReady } from '@/lib/symbol-font';
import { chartPalette, fontFamily } from '@/lib/theme';

// What every chart uses. Series types and extras (zoom, scrolling legend) come from each caller's `parts`, so a page
// loads only the parts it draws with: the home page's pie and bars leave out lines and zoom (~20 KB gzip).
echarts.use([GridComponent, LegendPlainComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export type EChartsOption = echarts.EChartsCoreOption;
/** ECharts parts (`echarts/charts`, `echarts/components`) a chart needs beyond the host's own. */
export type EChartsParts = Parameters<typeof echarts.use>[0];

/** The console's chart theme: brand palette and the page's font (the symbol font first). */
export const CHART_THEME = 'iotyun';
echarts.registerTheme(CHART_THEME, {
  color: chartPalette,
  textStyle: { fontFamily },
});

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
  useEffect(() => {
    clickRef.current = onClick;
  }, [onClick]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    echarts.use(partsRef.current);
    const instance = echarts.init(el, CHART_THEME, { renderer: 'canvas' });
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
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  // Drawn once the symbol font is there (lib/symbol-font.ts): a canvas keeps the glyphs it drew first.
  useEffect(() => whenSymbolFontReady(() => chart.current?.setOption(option, { notMerge: true })), [option]);

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
