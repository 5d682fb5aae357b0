// The indicator card (type 1) and the table (type 2): view models, drawn by React without ECharts.
import { conditionColour } from './conditions';
import { conditionsOf, seriesUnits } from './common';
import { categoryOrder, formatCategory } from './format';
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
  const first = result.series[0];
  const model: CardModel = {
    title: options.title ?? null,
    value,
    unit: seriesUnits(result)[0] ?? result.unit,
    decimals: first?.decimals ?? null,
    colour,
  };
  // A trend compares two times; the categories of another dimension (devices, users) have no order to compare.
  if (result.dimension_is_time && value !== null && previous !== undefined) {
    const delta = value - previous;
    model.trend = { previous, delta, direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat' };
  }
  return model;
}

/** The table: the dimension's column (times in full), then a column per series with its unit and decimals; a row per
 * category (sorted when asked). */
export function buildTableModel(result: ReportResult, options: ChartBuildOptions): TableModel {
  const conditions = conditionsOf(options);
  const labels = result.dimension_is_time
    ? result.categories.map((c) => formatCategory(c, result.bucket))
    : result.categories;
  const units = seriesUnits(result);
  return {
    title: options.title ?? null,
    columns: [
      {
        key: 'category',
        title: '',
        i18nKey: 'report.charts.table.dimension',
        unit: null,
        decimals: null,
        align: 'left',
      },
      ...result.series.map((s, index) => ({
        key: `s${index}`,
        title: s.name,
        unit: units[index] ?? null,
        decimals: s.decimals ?? null,
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
