// The dashboard model: reading the server's document, the editor's operations, writing it back.
import { describe, expect, it } from 'vitest';

import type { DashboardDocument } from '../widgets/types';
import {
  addCard,
  cellRect,
  desktopGrid,
  duplicateCard,
  emptyModel,
  firstFreeSpot,
  moveResize,
  normalizeDocument,
  removeCard,
  resetPhoneLayout,
  stackPhone,
  toWire,
  updateCard,
  type DashboardModel,
} from '.';

const doc = (over: Partial<DashboardDocument> = {}): DashboardDocument => ({ version: 1, ...over });

describe('normalizeDocument', () => {
  it("fills every card with its type's default settings under its own", () => {
    const model = normalizeDocument(
      doc({
        cards: [
          {
            id: 'a',
            type: 'text',
            title: 'Hello',
            show_title: true,
            link: 'none',
            settings: { text: 'hi' } as never,
          },
          { id: 'b', type: 'weather', title: '', show_title: false, link: 'none' },
        ],
        layouts: {
          desktop: [
            { i: 'a', x: 0, y: 0, w: 8, h: 3 },
            { i: 'b', x: 8, y: 0, w: 8, h: 6 },
          ],
        },
      }),
    );
    expect(model.cards[0]).toMatchObject({
      id: 'a',
      title: 'Hello',
      settings: { text: 'hi', font_size: 24, align: 'center', bold: false, color: '' },
    });
    expect(model.cards[1]?.settings).toEqual({ city: '', lat: 31.23, lon: 121.47, days: 3 });
  });

  it("fills the cards inside a container's tabs too", () => {
    const model = normalizeDocument(
      doc({
        cards: [
          {
            id: 'c',
            type: 'container',
            title: '',
            show_title: true,
            link: 'none',
            settings: {
              interval_s: 5,
              tabs: [
                { title: 'T', card: { id: 'in', type: 'time', title: '', show_title: true, link: 'none' } },
              ],
            },
          },
        ],
        layouts: { desktop: [{ i: 'c', x: 0, y: 0, w: 8, h: 9 }] },
      }),
    );
    const card = model.cards[0];
    expect(card?.type).toBe('container');
    if (card?.type !== 'container') return;
    expect(card.settings.tabs?.[0]?.card.settings).toEqual({ format: 'datetime', zone: null, font_size: 32 });
  });

  it('gives a card without a desktop place one at the first free spot, and drops places of unknown cards', () => {
    const model = normalizeDocument(
      doc({
        cards: [
          { id: 'a', type: 'text', title: '', show_title: true, link: 'none' },
          { id: 'b', type: 'report', title: '', show_title: true, link: 'none' },
        ],
        layouts: {
          desktop: [
            { i: 'a', x: 0, y: 0, w: 8, h: 3 },
            { i: 'ghost', x: 8, y: 0, w: 8, h: 3 },
          ],
        },
      }),
    );
    expect(model.desktop).toEqual([
      { i: 'a', x: 0, y: 0, w: 8, h: 3 },
      { i: 'b', x: 8, y: 0, w: 8, h: 9 },
    ]);
  });

  it('stacks the phone layout in desktop reading order when the document has none', () => {
    const model = normalizeDocument(
      doc({
        cards: [
          { id: 'right', type: 'text', title: '', show_title: true, link: 'none' },
          { id: 'left', type: 'text', title: '', show_title: true, link: 'none' },
          { id: 'below', type: 'report', title: '', show_title: true, link: 'none' },
        ],
        layouts: {
          desktop: [
            { i: 'right', x: 12, y: 0, w: 12, h: 3 },
            { i: 'left', x: 0, y: 0, w: 12, h: 4 },
            { i: 'below', x: 0, y: 4, w: 24, h: 9 },
          ],
        },
      }),
    );
    expect(model.mobileDerived).toBe(true);
    expect(model.mobile).toEqual([
      { i: 'left', x: 0, y: 0, w: 2, h: 4 },
      { i: 'right', x: 0, y: 4, w: 2, h: 3 },
      { i: 'below', x: 0, y: 7, w: 2, h: 9 },
    ]);
  });

  it('keeps a phone layout of its own, inside 2 columns, with cards it lacks stacked below', () => {
    const model = normalizeDocument(
      doc({
        cards: [
          { id: 'a', type: 'text', title: '', show_title: true, link: 'none' },
          { id: 'b', type: 'text', title: '', show_title: true, link: 'none' },
        ],
        layouts: {
          desktop: [
            { i: 'a', x: 0, y: 0, w: 8, h: 3 },
            { i: 'b', x: 8, y: 0, w: 8, h: 5 },
          ],
          mobile: [{ i: 'a', x: 1, y: 0, w: 1, h: 4 }],
        },
      }),
    );
    expect(model.mobileDerived).toBe(false);
    expect(model.mobile).toEqual([
      { i: 'a', x: 1, y: 0, w: 1, h: 4 },
      { i: 'b', x: 0, y: 4, w: 2, h: 5 },
    ]);
  });

  it('reads no document as an empty dashboard', () => {
    expect(normalizeDocument(undefined)).toEqual(emptyModel());
  });
});

describe('firstFreeSpot', () => {
  it('finds the first place, row by row and left to right, where the card overlaps nothing', () => {
    const layout = [
      { i: 'a', x: 0, y: 0, w: 8, h: 9 },
      { i: 'b', x: 8, y: 0, w: 8, h: 9 },
    ];
    expect(firstFreeSpot(layout, 8, 9)).toEqual({ x: 16, y: 0 });
    expect(firstFreeSpot([...layout, { i: 'c', x: 16, y: 0, w: 8, h: 4 }], 8, 9)).toEqual({ x: 16, y: 4 });
    expect(firstFreeSpot([{ i: 'wide', x: 0, y: 0, w: 24, h: 2 }], 8, 3)).toEqual({ x: 0, y: 2 });
  });
});

describe('operations', () => {
  const three = (): DashboardModel => {
    let model = emptyModel();
    model = addCard(model, 'report', 'r1');
    model = addCard(model, 'text', 't1');
    model = addCard(model, 'time', 'k1');
    return model;
  };

  it('adds a card 8 columns wide at the first free spot, with its defaults', () => {
    const model = three();
    expect(model.desktop).toEqual([
      { i: 'r1', x: 0, y: 0, w: 8, h: 9 },
      { i: 't1', x: 8, y: 0, w: 8, h: 3 },
      { i: 'k1', x: 16, y: 0, w: 8, h: 3 },
    ]);
    const next = addCard(model, 'weather', 'w1');
    expect(next.desktop.at(-1)).toEqual({ i: 'w1', x: 8, y: 3, w: 8, h: 6 });
    expect(next.cards.at(-1)).toMatchObject({ id: 'w1', type: 'weather', show_title: true, link: 'none' });
    expect(next.mobile.map((m) => m.i)).toEqual(['r1', 't1', 'k1', 'w1']);
  });

  it("gives a new card an id of the server's characters when none is given", () => {
    const model = addCard(emptyModel(), 'text');
    expect(model.cards[0]?.id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it('removes a card from the cards and both layouts', () => {
    const model = removeCard(three(), 't1');
    expect(model.cards.map((c) => c.id)).toEqual(['r1', 'k1']);
    expect(model.desktop.map((m) => m.i)).toEqual(['r1', 'k1']);
    expect(model.mobile.map((m) => m.i)).toEqual(['r1', 'k1']);
    const same = three();
    expect(removeCard(same, 'nope')).toBe(same);
  });

  it('duplicates a card with its settings and size at the first free spot, new ids inside containers too', () => {
    let model = updateCard(three(), 't1', {
      settings: { text: 'x', font_size: 40, color: '', align: 'left', bold: true },
    });
    model = duplicateCard(model, 't1', 't2');
    expect(model.cards.at(-1)).toMatchObject({ id: 't2', type: 'text' });
    expect(model.cards.at(-1)?.settings).toEqual({
      text: 'x',
      font_size: 40,
      color: '',
      align: 'left',
      bold: true,
    });
    expect(model.desktop.at(-1)).toEqual({ i: 't2', x: 8, y: 3, w: 8, h: 3 });

    let boxed = addCard(emptyModel(), 'container', 'box');
    boxed = updateCard(boxed, 'box', {
      settings: {
        interval_s: 0,
        tabs: [{ title: '', card: { id: 'inner', type: 'text', title: '', show_title: true, link: 'none' } }],
      },
    });
    const copied = duplicateCard(boxed, 'box', 'box2');
    const copy = copied.cards[1];
    if (copy?.type !== 'container') throw new Error('not a container');
    expect(copy.settings.tabs?.[0]?.card.id).not.toBe('inner');
  });

  it("moves and resizes from react-grid-layout's layout, ignoring unknown items and unchanged layouts", () => {
    const model = three();
    const moved = moveResize(model, [
      { i: 'r1', x: 4, y: 2, w: 10, h: 12 },
      { i: 'unknown', x: 0, y: 0, w: 1, h: 1 },
    ]);
    expect(moved.desktop[0]).toEqual({ i: 'r1', x: 4, y: 2, w: 10, h: 12 });
    expect(moveResize(model, model.desktop)).toBe(model);
    // Kept inside the 24 columns.
    expect(moveResize(model, [{ i: 't1', x: 20, y: 0, w: 8, h: 3 }]).desktop[1]).toEqual({
      i: 't1',
      x: 16,
      y: 0,
      w: 8,
      h: 3,
    });
  });

  it("makes the phone layout the dashboard's own once it is edited, and can let it follow again", () => {
    const model = moveResize(three(), [{ i: 't1', x: 1, y: 0, w: 1, h: 3 }], 'mobile');
    expect(model.mobileDerived).toBe(false);
    expect(model.mobile.find((m) => m.i === 't1')).toEqual({ i: 't1', x: 1, y: 0, w: 1, h: 3 });
    // A desktop move no longer rearranges it.
    const after = moveResize(model, [{ i: 'r1', x: 12, y: 10, w: 8, h: 9 }]);
    expect(after.mobile).toEqual(model.mobile);
    const reset = resetPhoneLayout(after);
    expect(reset.mobileDerived).toBe(true);
    expect(reset.mobile).toEqual(stackPhone(after.desktop));
  });

  it("updates a card's title, title flag, link and settings, and nothing when nothing changes", () => {
    const model = three();
    const next = updateCard(model, 'r1', { title: 'Output', show_title: false, link: 'none' });
    expect(next.cards[0]).toMatchObject({ title: 'Output', show_title: false });
    expect(updateCard(next, 'r1', { title: 'Output' })).toBe(next);
    expect(updateCard(model, 'nope', { title: 'x' })).toBe(model);
  });
});

describe('toWire', () => {
  it('writes the cards and places, a derived phone layout as empty', () => {
    const model = addCard(emptyModel(), 'text', 'a');
    expect(toWire(model)).toEqual({
      version: 1,
      cards: [
        {
          id: 'a',
          type: 'text',
          title: '',
          show_title: true,
          link: 'none',
          settings: { text: '', font_size: 24, color: '', align: 'center', bold: false },
        },
      ],
      layouts: { desktop: [{ i: 'a', x: 0, y: 0, w: 8, h: 3 }], mobile: [] },
    });
    const own = moveResize(model, [{ i: 'a', x: 0, y: 0, w: 1, h: 5 }], 'mobile');
    expect(toWire(own).layouts?.mobile).toEqual([{ i: 'a', x: 0, y: 0, w: 1, h: 5 }]);
  });

  it('reads back what it writes', () => {
    let model = addCard(emptyModel(), 'report', 'r');
    model = addCard(model, 'iframe', 'f');
    model = moveResize(model, [{ i: 'f', x: 0, y: 0, w: 2, h: 4 }], 'mobile');
    expect(normalizeDocument(toWire(model))).toEqual(model);
  });
});

describe('the grid geometry', () => {
  it('makes a row 1/36 of the canvas height and places cells as react-grid-layout does', () => {
    const grid = desktopGrid(1920, 1080);
    expect(grid.margin).toBe(10);
    expect(grid.rowHeight).toBeCloseTo((1080 - 20 - 350) / 36);
    // The whole height: 36 rows fill the canvas to its bottom margin.
    const full = cellRect({ x: 0, y: 0, w: 24, h: 36 }, grid);
    expect(full).toEqual({ left: 10, top: 10, width: 1900, height: 1060 });
    expect(cellRect({ x: 8, y: 9, w: 8, h: 9 }, grid)).toEqual({
      left: Math.round(((1920 - 20 - 230) / 24 + 10) * 8 + 10),
      top: Math.round((grid.rowHeight + 10) * 9 + 10),
      width: Math.round(((1920 - 20 - 230) / 24) * 8 + 70),
      height: Math.round(grid.rowHeight * 9 + 80),
    });
  });
});
