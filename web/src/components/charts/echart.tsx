// The one ECharts host (DESIGN §5.12): owns init, resize, theme and dispose; options come from pure builders.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, type CSSProperties } from 'react';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  DataZoomComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type EChartsOption = echarts.EChartsCoreOption;

/** The console's chart theme: brand palette and the page's font. */
export const CHART_THEME = 'iotyun';
echarts.registerTheme(CHART_THEME, {
  color: ['#165DFF', '#14C9C9', '#F7BA1E', '#722ED1', '#F53F3F', '#00B42A', '#FF7D00', '#3491FA'],
  textStyle: {
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', Arial, sans-serif",
  },
});

export interface EChartProps {
  option: EChartsOption;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  /** Accessible description of the chart (canvas content is invisible to screen readers). */
  ariaLabel?: string;
  onClick?: (params: { name: string; dataIndex: number; seriesIndex?: number }) => void;
}

export function EChart({ option, height = 280, className, style, ariaLabel, onClick }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const clickRef = useRef(onClick);
  useEffect(() => {
    clickRef.current = onClick;
  }, [onClick]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const instance = echarts.init(el, CHART_THEME, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (params) => {
      const p = params as { name: string; dataIndex: number; seriesIndex?: number };
      clickRef.current?.(p);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
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
