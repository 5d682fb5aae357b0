// What the designer's browser tests share: a fresh template's main screen, the editor's toolbar, canvas and property
// panel as the user sees them, and the placement the panel shows for the selected element.
import { expect, type Locator, type Page } from '@playwright/test';

import { api, exactly, textsOf, type Lang } from './helpers';

export const designerText = textsOf([
  'designer-editor',
  'designer-elements',
  'designer-symbols',
  'designer-canvas',
  'designer-controls',
]);
/** A designer.editor.* text. */
export const ed = (key: string, lang: Lang = 'zh') => designerText(lang, `designer.editor.${key}`);

interface ScreenRow {
  id: number;
  kind: string;
  is_main: boolean;
}

/** A fresh template of the signed-in user (so no other test shares its screen): its id and its main web screen's. */
export async function freshTemplate(
  page: Page,
  prefix = 'E2E组态',
): Promise<{ templateId: number; screenId: number }> {
  const template = await api<{ id: number }>(page, 'POST', '/yun/module', {
    name: `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`,
    data_version: '1.0',
  });
  const overview = await api<{ screens: ScreenRow[] }>(
    page,
    'GET',
    `/yun/module/middleware?id=${template.id}`,
  );
  const main = overview.screens.find((s) => s.kind === 'web' && s.is_main);
  if (!main) throw new Error('the template has no main web screen');
  return { templateId: template.id, screenId: main.id };
}

/** Opens the screen in the designer and waits for the editor (its toolbar and canvas). */
export async function openDesigner(page: Page, screenId: number) {
  await page.goto(`/iotyun/designConfigure/id=${screenId}`);
  // The editor is its own lazy chunk, fetched and parsed after the design loads: slow on a loaded machine.
  await expect(page.getByRole('toolbar')).toBeVisible({ timeout: 30_000 });
  await expect(canvasViewport(page)).toBeVisible();
}

export const elements = (page: Page): Locator => page.locator('[data-element-id]');
export const tool = (page: Page, name: string, lang: Lang = 'zh'): Locator =>
  page.getByRole('toolbar').getByRole('button', { name: exactly(ed(`toolbar.${name}`, lang)) });
export const canvasViewport = (page: Page): Locator => page.locator('[data-canvas-viewport]');
export const propertyPanel = (page: Page, lang: Lang = 'zh'): Locator =>
  page.getByRole('complementary', { name: ed('panels.properties', lang) });

/** The placement field (x, y, w, h, rotation) of the property panel. */
export const placementField = (page: Page, field: 'x' | 'y' | 'w' | 'h' | 'rotation', lang: Lang = 'zh') =>
  propertyPanel(page, lang).getByLabel(ed(`placement.${field}`, lang), { exact: true });

export interface ShownPlacement {
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
}

/** The placement the property panel shows for the one selected element (what the document holds). */
export async function shownPlacement(page: Page): Promise<ShownPlacement> {
  const read = async (field: 'x' | 'y' | 'w' | 'h' | 'rotation') =>
    Number(await placementField(page, field).inputValue());
  return {
    x: await read('x'),
    y: await read('y'),
    w: await read('w'),
    h: await read('h'),
    rotation: await read('rotation'),
  };
}

/** Types a placement into the panel, field by field (each Enter one committed step). */
export async function typePlacement(page: Page, placement: Partial<ShownPlacement>) {
  for (const [field, value] of Object.entries(placement) as [keyof ShownPlacement, number][]) {
    const input = placementField(page, field);
    await input.fill(String(value));
    await input.press('Enter');
    await expect(input).toHaveValue(String(value));
  }
}

/** The canvas's scale on screen, read from the one transform of its content. */
export async function canvasScale(page: Page): Promise<number> {
  const transform = await page
    .locator('.iot-canvas-content')
    .evaluate((node) => (node as HTMLElement).style.transform);
  const match = /scale\(([\d.]+)\)/.exec(transform);
  if (!match) throw new Error(`no scale in the canvas transform ${transform}`);
  return Number(match[1]);
}

/** Picks a zoom in the toolbar's zoom select: a step's label ("200 %") or the fit option. */
export async function chooseZoom(page: Page, label: string, lang: Lang = 'zh') {
  const select = page.getByRole('toolbar').getByRole('combobox', { name: ed('toolbar.zoom', lang) });
  // A click on the option while the list was still opening was seen lost in CI (the list stayed open, the zoom as it
  // was): open the list when it is closed, pick the option, and again until the list has closed on the choice.
  await expect(async () => {
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: exactly(label) })
      .click({ timeout: 3_000 });
    await expect(select).toHaveAttribute('aria-expanded', 'false', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
