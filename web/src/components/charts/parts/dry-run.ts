// The automation dry run's chart's ECharts parts (buildDryRunOption): a line on a time axis, the firings as mark
// lines and mark points, zoom.
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, MarkLineComponent, MarkPointComponent } from 'echarts/components';

import type { EChartsParts } from '../echart';

export const DRY_RUN_PARTS: EChartsParts = [
  LineChart,
  DataZoomComponent,
  MarkLineComponent,
  MarkPointComponent,
];
