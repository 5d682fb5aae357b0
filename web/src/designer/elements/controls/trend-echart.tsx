// The trend chart's ECharts host, its own chunk: chart.tsx loads it with import() only when a chart is drawn in
// preview or at work, so the editor and a screen without a trend never load ECharts.
// The parts first, then the host: the build lays the shared ECharts chunk out in the order this chunk reaches its
// modules, and this order is the smaller one (0.5 KB gzip).
import { TREND_PARTS } from '@/components/charts/parts/trend';
import { EChart, type EChartsOption } from '@/components/charts/echart';

export default function TrendEChart({ option, label }: { option: EChartsOption; label: string }) {
  return <EChart option={option} parts={TREND_PARTS} height="100%" ariaLabel={label} />;
}
