// The screens' trend chart's ECharts parts (buildTrendOption): the history chart's lines and scrolling legend,
// without its zoom. Imported only by the designer's lazily loaded trend host (trend-echart.tsx), never by the element
// itself, so the editor and a screen without a trend load no ECharts.
import { LineChart } from 'echarts/charts';
import { LegendScrollComponent } from 'echarts/components';

import type { EChartsParts } from '../echart';

export const TREND_PARTS: EChartsParts = [LineChart, LegendScrollComponent];
