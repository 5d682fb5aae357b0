import { describe, expect, it } from 'vitest';

import { watched } from '../pages/monitor.fixtures';
import { byTemplate, moved, openedTable, shownTables } from './setting';

const none = { table_ids: [], default_table_id: null };

describe('the monitor setting shapes the area', () => {
  it('shows every table when none is chosen, else the chosen ones in their order', () => {
    expect(shownTables(watched, none).map((t) => t.id)).toEqual([7, 8, 9]);
    expect(shownTables(watched, { table_ids: [9, 7], default_table_id: null }).map((t) => t.id)).toEqual([
      9, 7,
    ]);
    // A chosen table no longer watched is left out; none left: every table again.
    expect(shownTables(watched, { table_ids: [99, 8], default_table_id: null }).map((t) => t.id)).toEqual([
      8,
    ]);
    expect(shownTables(watched, { table_ids: [99], default_table_id: null }).map((t) => t.id)).toEqual([
      7, 8, 9,
    ]);
  });

  it('opens the asked table, else the default, else the first shown', () => {
    const shown = shownTables(watched, { table_ids: [9, 7], default_table_id: 7 });
    expect(openedTable(shown, { table_ids: [9, 7], default_table_id: 7 }, null)?.id).toBe(7);
    expect(openedTable(shown, { table_ids: [9, 7], default_table_id: 7 }, 9)?.id).toBe(9);
    // Asked for a table not shown: the default.
    expect(openedTable(shown, { table_ids: [9, 7], default_table_id: 7 }, 8)?.id).toBe(7);
    expect(openedTable(shown, { table_ids: [9, 7], default_table_id: null }, null)?.id).toBe(9);
    expect(openedTable([], none, null)).toBeNull();
  });

  it('heads consecutive tables of one template together, in the order given', () => {
    const sections = byTemplate(shownTables(watched, { table_ids: [7, 9, 8], default_table_id: null }));
    expect(sections.map(([name, list]) => [name, list.map((t) => t.id)])).toEqual([
      ['泵站', [7]],
      ['风机', [9]],
      ['泵站', [8]],
    ]);
  });

  it('moves an item one place and never off the ends', () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
