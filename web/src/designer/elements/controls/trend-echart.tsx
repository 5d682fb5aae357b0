// The trend chart's ECharts host, its own chunk: chart.tsx loads it with import() only when a chart is drawn in
// preview or at work, so the editor and a screen without a trend never load ECharts.
import { LineChart } from 'echarts/charts';
import { LegendScrollComponent } from 'echarts/components';

import { EChart, type EChartsOption } from '@/components/charts/echart';

/** Lines on a time axis with a scrolling legend (the device history chart's parts, without its zoom). */
const TREND_PARTS = [LineChart, LegendScrollComponent];

export default function TrendEChart({ option, label }: { option: EChartsOption; label: string }) {
  return <EChart option={option} parts={TREND_PARTS} height="100%" ariaLabel={label} />;
}
