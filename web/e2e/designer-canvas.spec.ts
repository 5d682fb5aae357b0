// The designer's canvas under real pointer gestures in Chromium (issue 15 point 2, docs/designer-canvas.md "Not
// covered by the unit tests"): a drag by the mouse at 100 %, 200 % and a fitted zoom lands where the pointer moved
// divided by the zoom, on the grid; a corner handle resizes and the rotation handle rotates (snapping near a multiple
// of 45°) with the handles on the element at 200 %; snap lines show when an edge lines up with another element at
// 200 %; a marquee selects two, shift-click adds a third; the arrow keys move by 1 and 10; space-drag and the wheel
// pan, ctrl+wheel zooms about the pointer; a pipe's end dragged onto a pump's outlet attaches and follows the pump
// as it is dragged (issue 30 point 10). Positions are read from the property panel, which shows the document.
import { expect, test, type Locator, type Page } from '@playwright/test';

import { api, signIn } from './helpers';
import {
  canvasScale,
  canvasViewport,
  chooseZoom,
  designerText,
  ed,
  elements,
  freshTemplate,
  openDesigner,
  placementField,
  propertyPanel,
  shownPlacement,
  tool,
  typePlacement,
  type ShownPlacement,
} from './designer-helpers';

const GRID = 10;
const onGrid = (v: number) => Math.round(v / GRID) * GRID;

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The screen point of a canvas point, from where the sheet (the canvas's 0, 0) is drawn and the zoom. */
async function screenOf(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const sheet = await page.locator('.iot-canvas-sheet').boundingBox();
  if (!sheet) throw new Error('no sheet');
  const scale = await canvasScale(page);
  return { x: sheet.x + x * scale, y: sheet.y + y * scale };
}

/** A press at `from`, a move in steps by (dx, dy) and a release: a drag as a hand makes it. */
async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 12 });
  await page.mouse.up();
}

/** Adds a rectangle from the palette, places it by typing into the panel and leaves it selected. */
async function addRect(page: Page, placement: Partial<ShownPlacement>): Promise<Locator> {
  const before = await elements(page).count();
  await page.getByTestId('palette-rect').click();
  await expect(elements(page)).toHaveCount(before + 1);
  await typePlacement(page, placement);
  const id = await page.evaluate(() => {
    // The newest element is the last in z order, the one the palette click selected.
    const nodes = [...document.querySelectorAll<HTMLElement>('[data-element-id]')];
    return nodes.at(-1)?.dataset.elementId ?? '';
  });
  return page.locator(`[data-element-id="${id}"]`);
}

async function setZoom(page: Page, label: string, expected?: number) {
  await chooseZoom(page, label);
  if (expected !== undefined) await expect.poll(() => canvasScale(page)).toBe(expected);
}

const several = (count: number) => designerText('zh', 'designer.editor.properties.several', { count });

test.describe('designer canvas gestures', () => {
  test.beforeEach(async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const { screenId } = await freshTemplate(page);
    await openDesigner(page, screenId);
  });

  test('a drag lands on the grid by the pointer move divided by the zoom, at 100 %, 200 % and fitted', async ({
    page,
  }) => {
    const rect = await addRect(page, { x: 500, y: 280, w: 120, h: 80 });
    await tool(page, 'snap').click();
    await expect(tool(page, 'snap')).toHaveAttribute('aria-pressed', 'true');

    // Each move ends 3–4 canvas pixels off a grid line, farther than the snap distance on screen at 200 %.
    const moves: { zoom: string; scale?: number; dx: number; dy: number }[] = [
      { zoom: '100 %', scale: 1, dx: 83, dy: 47 },
      { zoom: '200 %', scale: 2, dx: -168, dy: -92 },
      { zoom: ed('toolbar.fit'), dx: 97, dy: -61 },
    ];
    for (const move of moves) {
      await setZoom(page, move.zoom, move.scale);
      const scale = await canvasScale(page);
      const start = await shownPlacement(page);
      await drag(page, await centre(rect), move.dx, move.dy);
      const expected = { x: onGrid(start.x + move.dx / scale), y: onGrid(start.y + move.dy / scale) };
      await expect(placementField(page, 'x'), `x at ${move.zoom}`).toHaveValue(String(expected.x));
      await expect(placementField(page, 'y'), `y at ${move.zoom}`).toHaveValue(String(expected.y));
      expect(await shownPlacement(page)).toMatchObject({ w: 120, h: 80, rotation: 0 });
      // The node is drawn where the document says, at this zoom.
      const box = await rect.boundingBox();
      const at = await screenOf(page, expected.x, expected.y);
      expect(Math.abs((box?.x ?? 0) - at.x)).toBeLessThanOrEqual(1);
      expect(Math.abs((box?.y ?? 0) - at.y)).toBeLessThanOrEqual(1);
    }
  });

  test('at 200 % a corner handle resizes and the rotation handle rotates, snapping near 90°', async ({
    page,
  }) => {
    const rect = await addRect(page, { x: 500, y: 280, w: 120, h: 80 });
    await setZoom(page, '200 %', 2);

    // The handles sit on the element's corners at this zoom.
    const corner = page.locator('.moveable-control.moveable-se');
    await expect(corner).toBeVisible();
    const box = await rect.boundingBox();
    const handle = await centre(corner);
    expect(Math.abs(handle.x - ((box?.x ?? 0) + (box?.width ?? 0)))).toBeLessThanOrEqual(2);
    expect(Math.abs(handle.y - ((box?.y ?? 0) + (box?.height ?? 0)))).toBeLessThanOrEqual(2);

    // 60 × 40 screen pixels at 200 % is 30 × 20 on the canvas; the top left corner stays.
    await drag(page, handle, 60, 40);
    await expect(placementField(page, 'w')).toHaveValue('150');
    await expect(placementField(page, 'h')).toHaveValue('100');
    expect(await shownPlacement(page)).toMatchObject({ x: 500, y: 280, rotation: 0 });

    // Rotation: from the handle above the centre to the point 30° clockwise about the centre, then to 87°.
    const rotateTo = async (degrees: number) => {
      const middle = await centre(rect);
      const knob = await centre(page.locator('.moveable-rotation-control'));
      const radius = Math.hypot(knob.x - middle.x, knob.y - middle.y);
      const start = Math.atan2(knob.y - middle.y, knob.x - middle.x);
      const end = start + (degrees * Math.PI) / 180;
      await page.mouse.move(knob.x, knob.y);
      await page.mouse.down();
      for (let i = 1; i <= 12; i += 1) {
        const a = start + ((end - start) * i) / 12;
        await page.mouse.move(middle.x + radius * Math.cos(a), middle.y + radius * Math.sin(a));
      }
      await page.mouse.up();
    };
    await rotateTo(30);
    await expect
      .poll(async () => Math.abs((await shownPlacement(page)).rotation - 30), { message: 'rotated by 30°' })
      .toBeLessThanOrEqual(1);
    await rotateTo(57);
    await expect(placementField(page, 'rotation')).toHaveValue('90.0');
    // Rotation turns about the centre: the placement's corner and size stay.
    expect(await shownPlacement(page)).toMatchObject({ x: 500, y: 280, w: 150, h: 100 });
    // A rotated element is drawn rotated on screen: its box is now tall.
    const turned = await rect.boundingBox();
    expect(turned?.height ?? 0).toBeGreaterThan(turned?.width ?? 0);

    // Each gesture was one undo step: three undos bring back the unrotated 120 × 80.
    for (let i = 0; i < 3; i += 1) await tool(page, 'undo').click();
    await expect(placementField(page, 'w')).toHaveValue('120');
    expect(await shownPlacement(page)).toMatchObject({ x: 500, y: 280, w: 120, h: 80, rotation: 0 });
  });

  test('at 200 % a snap line shows when an edge lines up with another element, and the drop lines up', async ({
    page,
  }) => {
    await addRect(page, { x: 600, y: 330, w: 100, h: 60 });
    const moved = await addRect(page, { x: 400, y: 220, w: 120, h: 80 });
    await setZoom(page, '200 %', 2);

    // Down by 109 canvas pixels: its top comes 1 pixel short of the other's top (330), within the snap distance.
    const from = await centre(moved);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + 218, { steps: 14 });
    await expect(page.locator('.moveable-guideline:not(.moveable-gap)').first()).toBeVisible();
    await page.mouse.up();
    await expect(placementField(page, 'y')).toHaveValue('330');
    await expect(placementField(page, 'x')).toHaveValue('400');
    await expect(page.locator('.moveable-guideline')).toHaveCount(0);
  });

  test('a marquee selects two, shift-click adds a third, and the arrow keys move by 1 and 10', async ({
    page,
  }) => {
    const a = await addRect(page, { x: 300, y: 200, w: 100, h: 60 });
    await addRect(page, { x: 460, y: 200, w: 100, h: 60 });
    const c = await addRect(page, { x: 300, y: 360, w: 100, h: 60 });
    const title = propertyPanel(page).locator('.designer-props__title');

    // From empty sheet above and left of the first two to below them, short of the third.
    const from = await screenOf(page, 260, 160);
    const to = await screenOf(page, 600, 300);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    await expect(title).toHaveText(several(2));

    await page.keyboard.down('Shift');
    await c.click();
    await page.keyboard.up('Shift');
    await expect(title).toHaveText(several(3));

    // The three move together by 10 with shift+arrow.
    await page.keyboard.press('Shift+ArrowRight');
    await expect(placementField(page, 'x')).toHaveValue('310');

    await page.keyboard.press('Escape');
    await a.click();
    await expect(title).not.toHaveText(several(3));
    await expect(placementField(page, 'x')).toHaveValue('310');
    await page.keyboard.press('ArrowRight');
    await expect(placementField(page, 'x')).toHaveValue('311');
    await page.keyboard.press('ArrowUp');
    await expect(placementField(page, 'y')).toHaveValue('199');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(placementField(page, 'y')).toHaveValue('209');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(placementField(page, 'x')).toHaveValue('301');
  });

  test('space-drag and the wheel pan the view, ctrl+wheel zooms about the pointer; the document stays', async ({
    page,
  }) => {
    const rect = await addRect(page, { x: 500, y: 280, w: 120, h: 80 });
    await setZoom(page, '100 %', 1);
    const placed = await shownPlacement(page);
    const boxOf = async () => {
      const box = await rect.boundingBox();
      if (!box) throw new Error('the element is not on screen');
      return box;
    };

    // Space held on the focused canvas: a press on the element pans instead of moving it.
    const before = await boxOf();
    await canvasViewport(page).focus();
    await page.keyboard.down('Space');
    await expect(canvasViewport(page)).toHaveClass(/iot-canvas-panning/);
    await drag(page, { x: before.x + 10, y: before.y + 10 }, 100, 50);
    await page.keyboard.up('Space');
    await expect(canvasViewport(page)).not.toHaveClass(/iot-canvas-panning/);
    await expect.poll(async () => Math.round((await boxOf()).x - before.x)).toBe(100);
    expect(Math.round((await boxOf()).y - before.y)).toBe(50);
    expect(await shownPlacement(page)).toEqual(placed);

    // The wheel scrolls the view.
    const panned = await boxOf();
    await page.mouse.move(panned.x + 10, panned.y + 10);
    await page.mouse.wheel(0, 120);
    await expect.poll(async () => Math.round(panned.y - (await boxOf()).y)).toBe(120);

    // Ctrl+wheel zooms in by one notch about the pointer: the element's corner under it stays there.
    const scrolled = await boxOf();
    await page.mouse.move(scrolled.x, scrolled.y);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(() => canvasScale(page)).toBeCloseTo(1.1, 5);
    await expect(page.getByRole('toolbar').getByText('110 %')).toBeVisible();
    const zoomed = await boxOf();
    expect(Math.abs(zoomed.x - scrolled.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(zoomed.y - scrolled.y)).toBeLessThanOrEqual(1);
    expect(zoomed.width).toBeCloseTo(132, 0);
    expect(await shownPlacement(page)).toEqual(placed);
  });
});

test.describe('designer pipes and connectors', () => {
  test('a pipe staying attached while its pump is dragged', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const { screenId } = await freshTemplate(page);
    // A centrifugal pump (its outlet at (60, 19) of its 64 × 64 drawing) and a straight pipe to its right.
    const design = await api<{ revision: number }>(page, 'GET', `/yun/module/view/design?id=${screenId}`);
    await api(page, 'PUT', '/yun/module/view/design', {
      id: screenId,
      revision: design.revision,
      document: {
        schema_version: 1,
        canvas: { width: 1120, height: 630 },
        elements: [
          {
            id: 'pump',
            type: 'symbol',
            placement: { x: 300, y: 200, w: 64, h: 64 },
            settings: { symbol: 'pump_centrifugal' },
          },
          {
            id: 'pipe',
            type: 'pipe',
            placement: { x: 500, y: 208, w: 200, h: 24 },
            settings: {
              points: [
                [0, 50],
                [100, 50],
              ],
              strokeWidth: 12,
            },
          },
        ],
      },
    });
    await openDesigner(page, screenId);
    const pump = page.locator('[data-element-id="pump"]');
    const pipe = page.locator('[data-element-id="pipe"]');
    const start = page.locator('.iot-canvas-end[data-end="start"]');

    // The pipe selected, its start dragged near the outlet: the port lights up and the end snaps onto it.
    await pipe.click();
    const from = await centre(start);
    const outlet = await screenOf(page, 360, 219);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(outlet.x + 4, outlet.y + 3, { steps: 10 });
    await expect(page.locator('.iot-canvas-port-on[data-port="pump:outlet"]')).toBeVisible();
    await page.mouse.up();
    await expect(start).toHaveAttribute('data-attached', 'pump:outlet');
    const snapped = await centre(start);
    expect(Math.abs(snapped.x - outlet.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(snapped.y - outlet.y)).toBeLessThanOrEqual(2);

    // The pump dragged down and left: the pipe follows while the pump moves, not only at the drop.
    const scale = await canvasScale(page);
    const before = await pipe.boundingBox();
    const grip = await centre(pump);
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    await page.mouse.move(grip.x - 60 * scale, grip.y + 80 * scale, { steps: 12 });
    await expect.poll(async () => (await pipe.boundingBox())?.x).toBeLessThan((before?.x ?? 0) - 20 * scale);
    await page.mouse.up();

    // Where the document put the pump, its outlet and the pipe's start are one point; the pipe's end stayed.
    await pipe.click();
    await expect(start).toHaveAttribute('data-attached', 'pump:outlet');
    await pump.click();
    const moved = await shownPlacement(page);
    expect(moved.x).not.toBe(300);
    await pipe.click();
    const follow = await screenOf(page, moved.x + 60, moved.y + 19);
    const after = await centre(start);
    expect(Math.abs(after.x - follow.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(after.y - follow.y)).toBeLessThanOrEqual(2);
    const end = await centre(page.locator('.iot-canvas-end[data-end="end"]'));
    const stayed = await screenOf(page, 700, 220);
    expect(Math.abs(end.x - stayed.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(end.y - stayed.y)).toBeLessThanOrEqual(2);

    // One undo takes the pump and the pipe back together.
    await tool(page, 'undo').click();
    const back = await centre(start);
    expect(Math.abs(back.x - snapped.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(back.y - snapped.y)).toBeLessThanOrEqual(2);
  });
});
