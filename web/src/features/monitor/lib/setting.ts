// How the monitor setting shapes the area (docs/api-monitor.md "The monitor setting"), pure so it is tested alone:
// which tables show and in what order, which opens first.
import type { MonitorSetting, WatchedTable } from '../api/monitor';

type Choice = Pick<MonitorSetting, 'table_ids' | 'default_table_id'>;

/** The tables the area shows: the chosen ones in their order (those still watched), or every table when none is. */
export function shownTables(all: readonly WatchedTable[], setting: Choice): WatchedTable[] {
  if (setting.table_ids.length === 0) return [...all];
  const byId = new Map(all.map((t) => [t.id, t]));
  const chosen = setting.table_ids.flatMap((id) => {
    const table = byId.get(id);
    return table ? [table] : [];
  });
  return chosen.length > 0 ? chosen : [...all];
}

/** The table to open: the one the address names, else the setting's default, else the first shown. */
export function openedTable(
  shown: readonly WatchedTable[],
  setting: Choice,
  asked: number | null,
): WatchedTable | null {
  return (
    shown.find((t) => t.id === asked) ??
    shown.find((t) => t.id === setting.default_table_id) ??
    shown[0] ??
    null
  );
}

/** Tables under their template's name, in the order given (consecutive tables of one template share a heading). */
export function byTemplate(tables: readonly WatchedTable[]): [string, WatchedTable[]][] {
  const out: [string, WatchedTable[]][] = [];
  for (const table of tables) {
    const last = out[out.length - 1];
    if (last && last[1][0]?.template_id === table.template_id) last[1].push(table);
    else out.push([table.template_name, [table]]);
  }
  return out;
}

/** Moves the item at `from` one place up (-1) or down (+1); the same list when it cannot move. */
export function moved<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}
