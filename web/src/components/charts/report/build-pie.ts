// The pie (type 6). One series: a slice per category. Several series: a slice per series, sized by the sum of its
// values. A gap has no slice (a pie cannot draw one, and 0 would claim a value); a condition colours its slice.
import type { EChartsOption } from '../echart';
import { baseOption, conditionsOf, glow } from './common';
import { conditionColour } from './conditions';
import { categoryLabels, categoryOrder, sumOf } from './format';
import { paletteColour } from './themes';
import type { ChartBuildOptions, ReportResult } from './types';

export interface PieSlice {
  name: string;
  value: number;
  /** The slice's place before sorting: its palette colour, so a slice keeps its colour whatever the order. */
  index: number;
}

/** The slices in drawing order, gaps left out. */
export function pieSlices(result: ReportResult, sort: ChartBuildOptions['sort']): PieSlice[] {
  let slices: (PieSlice | null)[];
  if (result.series.length === 1) {
    const values = result.series[0]?.values ?? [];
    const labels = categoryLabels(result);
    slices = categoryOrder(result, sort).map((i) => {
      const value = values[i] ?? null;
      return value === null ? null : { name: labels[i] ?? '', value, index: i };
    });
  } else {
    slices = result.series.map((s, index) => {
      const value = sumOf(s.values);
      return value === null ? null : { name: s.name, value, index };
    });
    if (sort) {
      const sign = sort === 'asc' ? 1 : -1;
      slices.sort((a, b) => (a && b ? sign * (a.value - b.value) : 0));
    }
  }
  return slices.filter((s): s is PieSlice => s !== null);
}

export function buildPieOption(result: ReportResult, options: ChartBuildOptions): EChartsOption {
  const { theme } = options;
  const conditions = conditionsOf(options);
  const slices = pieSlices(result, options.sort);
  return {
    ...baseOption(result, options, { trigger: 'item' }),
    series: [
      {
        type: 'pie',
        id: 'pie',
        name: result.series.length === 1 ? (result.series[0]?.name ?? '') : '',
        radius: ['35%', '62%'],
        center: ['50%', options.title ? '58%' : '55%'],
        avoidLabelOverlap: true,
        label: { color: theme.text, formatter: '{b}: {d}%' },
        labelLine: { lineStyle: { color: theme.axisLine } },
        itemStyle: { borderColor: theme.background, borderWidth: 1 },
        data: slices.map((slice) => {
          const colour = conditionColour(slice.value, conditions) ?? paletteColour(theme, slice.index);
          return {
            name: slice.name,
            value: slice.value,
            itemStyle: { color: colour, ...glow(theme, colour) },
          };
        }),
      },
    ],
  };
}
