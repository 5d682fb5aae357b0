// The device history chart's ECharts parts (buildHistoryOption): lines on a time axis, zoom (wheel and slider), a
// scrolling legend. One module per chart kind: a module shared by lazy chunks brings all it holds to each (see
// components/charts/index.ts).
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, LegendScrollComponent } from 'echarts/components';

import type { EChartsParts } from '../echart';

export const HISTORY_PARTS: EChartsParts = [LineChart, DataZoomComponent, LegendScrollComponent];
