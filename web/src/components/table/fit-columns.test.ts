import { describe, expect, it } from 'vitest';

import {
  actionColumn,
  actionsWidth,
  FROM_XXL,
  FROM_XXXL,
  isVisible,
  scrollWidth,
  SELECTION_WIDTH,
  textWidth,
} from './fit-columns';

const AT_1440 = { xs: true, sm: true, md: true, lg: true, xl: true, xxl: false, xxxl: false };
const AT_1680 = { ...AT_1440, xxl: true };

describe('responsive columns', () => {
  it('shows key columns always and low-priority ones from their breakpoint up', () => {
    expect(isVisible({}, AT_1440)).toBe(true);
    expect(isVisible({ responsive: FROM_XXL }, AT_1440)).toBe(false);
    expect(isVisible({ responsive: FROM_XXL }, AT_1680)).toBe(true);
    expect(isVisible({ responsive: FROM_XXXL }, AT_1680)).toBe(false);
  });

  it('scrolls sideways only past the width of the visible columns', () => {
    const columns = [
      { width: 140 },
      { minWidth: 120 },
      { width: 100, responsive: FROM_XXL },
      { width: 170 },
      {},
    ];
    expect(scrollWidth(columns, AT_1440)).toBe(140 + 120 + 170 + 120);
    expect(scrollWidth(columns, AT_1680, SELECTION_WIDTH)).toBe(32 + 140 + 120 + 100 + 170 + 120);
  });
});

describe('action column widths', () => {
  it('estimates Chinese labels at full width and Latin ones narrower', () => {
    expect(textWidth('编辑')).toBe(28);
    expect(textWidth('Edit')).toBeGreaterThan(28);
    expect(textWidth('Edit')).toBeLessThan(40);
  });

  it('fits the links and the more button, and grows with the labels', () => {
    const zh = actionsWidth(['编辑', '分享'], true);
    const en = actionsWidth(['Edit', 'Share'], true);
    expect(zh).toBeGreaterThanOrEqual(16 + 2 * (28 + 8) + 24);
    expect(zh).toBeLessThanOrEqual(130);
    expect(en).toBeGreaterThan(zh);
    expect(actionsWidth(['编辑'], false)).toBeLessThan(zh);
  });

  it('is fixed right, never narrower than its title', () => {
    const column = actionColumn<{ id: number }>({
      title: 'Actions',
      labels: ['Go'],
      more: false,
      render: () => null,
    });
    expect(column.fixed).toBe('right');
    expect(column.key).toBe('actions');
    expect(column.width).toBeGreaterThanOrEqual(textWidth('Actions') + 16);
  });
});
