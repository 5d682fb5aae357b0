// The traffic chart's ECharts parts (buildFlowUsageOption): bars of each bucket's use, the cumulative line, the
// warning and package lines (markLine), and zoom over many buckets.
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, MarkLineComponent } from 'echarts/components';

import type { EChartsParts } from '../echart';

export const FLOW_USAGE_PARTS: EChartsParts = [BarChart, LineChart, MarkLineComponent, DataZoomComponent];
