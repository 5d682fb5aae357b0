// The online-time charts' ECharts parts (buildOnlineGroupOption, buildOnlineDetailOption): bars, and zoom over many
// buckets or groups.
import { BarChart } from 'echarts/charts';
import { DataZoomComponent } from 'echarts/components';

import type { EChartsParts } from '../echart';

export const ONLINE_PARTS: EChartsParts = [BarChart, DataZoomComponent];
