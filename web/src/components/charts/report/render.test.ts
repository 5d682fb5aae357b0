// Every ECharts option of the registry is one ECharts accepts: each is rendered to an SVG string by ECharts' own
// server-side renderer (no canvas, no layout), with the parts its registry entry names.
import { GridComponent, LegendPlainComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it, vi } from 'vitest';

import { CHART_ENTRIES } from './registry';
import { CHART_THEMES } from './themes';
import type { ReportResult } from './types';

echarts.use([GridComponent, LegendPlainComponent, TitleComponent, TooltipComponent, SVGRenderer]);

const result: ReportResult = {
  categories: ['2026-11-01T00:00:00', '2026-11-01T01:00:00', '2026-11-01T02:00:00'],
  dimension_is_time: true,
  bucket: 'hour',
  series: [
    { name: 'Temp', values: [20, null, 25], min: [18, null, 21], max: [22, null, 40] },
    { name: 'Hum', values: [50, 55, null], min: null, max: null },
  ],
  unit: '℃',
  total_rows: 3,
};

describe('report chart options', () => {
  it.each(CHART_ENTRIES.filter((e) => e.kind === 'echarts').map((e) => [e.code, e] as const))(
    'type %i renders in every theme',
    (_code, entry) => {
      echarts.use(entry.parts);
      // ECharts measures text on a canvas when it can; jsdom has none (and says so on every call): its estimate then.
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      // ECharts says what it ignores or lacks (a missing part, an option it no longer takes) on the console.
      const said = (['log', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level));
      for (const theme of CHART_THEMES) {
        const chart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width: 600, height: 300 });
        chart.setOption(
          entry.build(result, { theme, title: 'Report', conditions: [{ min: 24, color: '#ff0000' }] }),
        );
        const svg = chart.renderToSVGString();
        chart.dispose();
        expect(svg).toContain('<svg');
        expect(svg).toContain('Report');
      }
      for (const spy of said) expect(spy).not.toHaveBeenCalled();
    },
  );
});
