// The indicator card (type 1) and the table (type 2): view models, drawn by React without ECharts.
import { conditionColour } from './conditions';
import { conditionsOf } from './common';
import { categoryLabels, categoryOrder } from './format';
import { paletteColour } from './themes';
import type { CardModel, ChartBuildOptions, ReportResult, TableModel } from './types';

/** The card's figure: the latest non-null value of the first series, with its change from the value before it when
 * the dimension is time. */
export function buildCardModel(result: ReportResult, options: ChartBuildOptions): CardModel {
  const values = (result.series[0]?.values ?? []).filter(
    (v): v is number => v !== null && Number.isFinite(v),
  );
  const value = values.at(-1) ?? null;
  const previous = values.at(-2);
  const colour = conditionColour(value, conditionsOf(options)) ?? paletteColour(options.theme, 0);
  const model: CardModel = { title: options.title ?? null, value, unit: result.unit, colour };
  // A trend compares two times; the categories of another dimension (devices, users) have no order to compare.
  if (result.dimension_is_time && value !== null && previous !== undefined) {
    const delta = value - previous;
    model.trend = { previous, delta, direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat' };
  }
  return model;
}

/** The table: the dimension's column, then a column per series; a row per category (sorted when asked). */
export function buildTableModel(result: ReportResult, options: ChartBuildOptions): TableModel {
  const conditions = conditionsOf(options);
  const labels = categoryLabels(result);
  return {
    title: options.title ?? null,
    columns: [
      { key: 'category', title: '', i18nKey: 'report.charts.table.dimension', unit: null, align: 'left' },
      ...result.series.map((s, index) => ({
        key: `s${index}`,
        title: s.name,
        unit: result.unit,
        align: 'right' as const,
      })),
    ],
    rows: categoryOrder(result, options.sort).map((i) => {
      const values = result.series.map((s) => s.values[i] ?? null);
      return {
        key: String(i),
        category: labels[i] ?? '',
        values,
        colours: values.map((v) => conditionColour(v, conditions)),
      };
    }),
    totalRows: result.total_rows,
  };
}
