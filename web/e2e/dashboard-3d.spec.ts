// The demo's boiler house in 3D (issue 38 points 1 and 4): the dashboard "锅炉房 3D" draws the gallery's models as
// cards bound to the boiler's values — the pump skid takes the burner's state colour, read back from three.js's
// materials — and plays the boiler template's two camera slots (the demo's video account is bound at seeding). The
// same dashboard through a share link, opened by a visitor who is not signed in: the models load through the link
// and the cameras play through GET /yun/shared/camera.
import { expect, test, type Locator, type Page } from '@playwright/test';

import { api, signIn } from './helpers';

const DASHBOARD = '锅炉房 3D';
const STOPPED = '#c9cdd4';
const RUNNING = '#23c343';

interface Card {
  id: string;
  type: string;
  settings: { device_id?: number; bindings?: Record<string, { data_source_id: number }> };
}

/** The colour three.js shows on the pump skid's motor (components/model3d: data-mesh-colors). */
async function motorColour(pump: Locator): Promise<string | undefined> {
  const shown = await pump.locator('[data-mesh-colors]').getAttribute('data-mesh-colors');
  return shown ? (JSON.parse(shown) as Record<string, string>).motor : undefined;
}

async function expectCamerasPlay(page: Page) {
  const players = page.locator('[data-card-type="camera"] .iot-video-player');
  await expect(players).toHaveCount(2);
  for (const player of await players.all())
    await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 45_000 });
}

test('the boiler house in 3D: the models follow the burner and the cameras play, in the console and through a link', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signIn(page, 'admin');
  const board = (await api<{ id: number; name: string }[]>(page, 'GET', '/yun/dashboard')).find(
    (d) => d.name === DASHBOARD,
  );
  if (!board) throw new Error(`demo dashboard ${DASHBOARD} not found`);
  const detail = await api<{ document: { cards: Card[] } }>(
    page,
    'GET',
    `/yun/dashboard/detail?id=${String(board.id)}`,
  );
  const pumpCard = detail.document.cards.find((c) => c.id === 'pump');
  const burner = pumpCard?.settings.bindings?.value?.data_source_id;
  const deviceId = pumpCard?.settings.device_id;
  if (!burner || !deviceId) throw new Error('the pump card is not bound to the burner');
  const burn = (value: number) =>
    api(page, 'POST', '/yun/rDev', { device_id: deviceId, data_source_id: burner, value });

  await burn(0);
  await page.goto(`/iotyun/dashboard/view?id=${String(board.id)}`);
  const pump = page.locator('[data-card-id="pump"]');
  await expect.poll(() => motorColour(pump), { timeout: 45_000 }).toBe(STOPPED);
  await burn(1);
  await expect.poll(() => motorColour(pump), { timeout: 20_000 }).toBe(RUNNING);
  await expect(page.locator('[data-card-type="model3d"] [data-mesh-colors]')).toHaveCount(3);
  await expectCamerasPlay(page);

  // The same through a share link, without login.
  const made = await api<{ id: number; token: string }>(page, 'POST', '/yun/components/share', {
    link_type: 2,
    permission: 1,
    dashboard_id: board.id,
  });
  const visitor = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    const shared = await visitor.newPage();
    await shared.goto(`/iotyun/share-db?token=${made.token}`);
    const sharedPump = shared.locator('[data-card-id="pump"]');
    await expect.poll(() => motorColour(sharedPump), { timeout: 45_000 }).toBe(RUNNING);
    await expect(shared.locator('[data-card-type="model3d"] [data-mesh-colors]')).toHaveCount(3);
    await expectCamerasPlay(shared);
  } finally {
    await visitor.close();
    await burn(0);
    await api(page, 'DELETE', `/yun/components/share?id=${String(made.id)}`);
  }
});
