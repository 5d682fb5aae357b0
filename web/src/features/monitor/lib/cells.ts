// How a monitoring table's cell reads and looks (docs/api-templates.md "Monitoring tables"): a number at the column's
// decimals (else its data source's) with its unit, grouped in thousands when asked; the first colour band whose
// [min, max) holds it; greyed once older than the design's stale_after_s; and how rows sort, filter and export.
import { formatDecimal } from '@/lib/telemetry/format';

import type { Band, ColumnSource, MonitorColumn, MonitorRow } from '../api/monitor';

/** One cell now: the live value when one came, else the seed's. */
export interface Cell {
  v: unknown;
  ts: number;
  q: number;
}

export function seedCell(row: MonitorRow, index: number): Cell | null {
  const seed = row.cells[index];
  return seed ? { v: seed[0], ts: seed[1], q: seed[2] } : null;
}

/** The decimals a column shows: its own, else its data source's. */
export function decimalsOf(column: MonitorColumn, source: ColumnSource | null): number | null {
  return column.decimals ?? source?.decimals ?? null;
}

export function unitOf(column: MonitorColumn, source: ColumnSource | null): string {
  return column.unit ?? source?.unit ?? '';
}

/** The column's header: its title, else its data source's name. */
export function titleOf(column: MonitorColumn, source: ColumnSource | null, missing: string): string {
  return column.title || source?.name || missing;
}

/** A cell's text without its unit ('' for no value); booleans read 1 / 0 as the gateway sends bits. */
export function cellText(
  cell: Cell | null,
  column: MonitorColumn,
  source: ColumnSource | null,
  locale: string,
): string {
  const v = cell?.v ?? null;
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number') {
    const text = formatDecimal(v, decimalsOf(column, source), locale);
    return column.thousands ? text : text.replace(/[,\u00a0\u202f]/g, '');
  }
  return asText(v);
}

/** A value that is not a number as text (a string as it is, anything else as JSON). */
function asText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The first band whose [min, max) holds the value (an open end holds everything on its side), or null. */
export function bandOf(cell: Cell | null, bands: readonly Band[]): Band | null {
  if (!cell || typeof cell.v !== 'number' || !Number.isFinite(cell.v)) return null;
  const v = cell.v;
  for (const band of bands) {
    if ((band.min === null || v >= band.min) && (band.max === null || v < band.max)) return band;
  }
  return null;
}

/** Whether a cell is older than the design allows (a cell with no value is not stale: it is empty). */
export function isStale(cell: Cell | null, staleAfterS: number, now: number): boolean {
  return cell !== null && now - cell.ts > staleAfterS * 1000;
}

/** A row none of whose values is fresh (each out of date or none yet): the setting may hide it. */
export function isStaleRow(
  row: { cells: readonly (Cell | null)[] },
  staleAfterS: number,
  now: number,
): boolean {
  return row.cells.every((cell) => cell === null || isStale(cell, staleAfterS, now));
}

/** Sort order of two cells: numbers by value, then text; empty cells last either way. */
export function compareCells(a: Cell | null, b: Cell | null): number {
  const av = a?.v ?? null;
  const bv = b?.v ?? null;
  if (av === null && bv === null) return 0;
  if (av === null) return 1;
  if (bv === null) return -1;
  if (typeof av === 'number' && typeof bv === 'number') return av - bv;
  return asText(av).localeCompare(asText(bv));
}

export type CellFilter = 'alarm' | 'stale' | 'empty' | 'normal';

/** Whether a cell passes one of a column's filters. */
export function passes(
  filter: CellFilter,
  cell: Cell | null,
  alarm: number,
  staleAfterS: number,
  now: number,
): boolean {
  switch (filter) {
    case 'alarm':
      return alarm > 0;
    case 'stale':
      return isStale(cell, staleAfterS, now);
    case 'empty':
      return (cell?.v ?? null) === null;
    case 'normal':
      return alarm === 0 && cell !== null && !isStale(cell, staleAfterS, now);
  }
}

/** A CSV field: quoted when it holds a quote, a comma or a line break; a leading =, +, - or @ is defused so a
 * spreadsheet never runs a device's name as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) && Number.isNaN(Number(value)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as shown (their order and filter), as CSV with a byte-order mark so spreadsheets read it as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return '\ufeff' + [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
