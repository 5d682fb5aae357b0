// Full-network monitoring's trend's ECharts parts (buildHealthTrendOption): a line on a time axis.
import { LineChart } from 'echarts/charts';

import type { EChartsParts } from '../echart';

export const HEALTH_PARTS: EChartsParts = [LineChart];
