// Live video on the demo (issue 38 points 3–5): the administrator binds a video cloud account on /fluoriteCloudCamera
// (the local provider: no internet), plays a camera, and the demo's own stream plays through hls.js (its lazy chunk
// fetched; Chromium has Media Source Extensions): the video's clock advances and two grabs of its picture differ. A
// camera whose address cannot be reached shows "invalid video address" on its player.
import { expect, test, type Page } from '@playwright/test';

import { apiCall, exactly, expectNoSidewaysScroll, signIn, textsOf } from './helpers';

const text = textsOf(['video', 'menu']);

/** The video element's time and a grab of its picture (a few hundred pixels, as a string of bytes). */
async function grab(page: Page): Promise<{ time: number; picture: string }> {
  return page.locator('.video-cloud__live video').evaluate((node) => {
    const video = node as HTMLVideoElement;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const context = canvas.getContext('2d');
    context?.drawImage(video, 0, 0, 64, 36);
    const pixels = context?.getImageData(0, 0, 64, 36).data ?? new Uint8ClampedArray();
    return { time: video.currentTime, picture: Array.from(pixels).join(',') };
  });
}

test('a video cloud camera plays the demo stream, and an unreachable address says so', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await apiCall(page, 'DELETE', '/third/party/account');
  const hlsChunk = page.waitForResponse((response) => /\/assets\/hls-[\w-]+\.js$/.test(response.url()));
  // The offline camera's live address is turned into one that is not there (the stream's directory has no such file).
  await page.route('**/api/third/party/live?*', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch();
    const body = (await response.json()) as { data: { url: string } | null };
    if (url.searchParams.get('serial') === 'LOCAL0002' && body.data)
      body.data.url = '/api/video/demo/missing.m3u8';
    await route.fulfill({ response, json: body });
  });

  await page.goto('/iotyun/fluoriteCloudCamera');
  await expect(page.getByText(text('zh', 'menu.fluoriteCloudCamera')).first()).toBeVisible();
  await page.getByLabel(text('zh', 'video.cloud.appKey')).fill('e2ekey1');
  await page.getByLabel(text('zh', 'video.cloud.appSecret')).fill('e2e-secret-123');
  await page.getByRole('button', { name: exactly(text('zh', 'video.cloud.bind')) }).click();
  const tiles = page.locator('.video-cloud__camera');
  await expect(tiles).toHaveCount(3);

  await tiles.filter({ hasText: 'LOCAL0001/1' }).getByRole('button').click();
  const player = page.locator('.video-cloud__live .iot-video-player');
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 30_000 });
  await hlsChunk;
  const first = await grab(page);
  await expect.poll(async () => (await grab(page)).time - first.time, { timeout: 20_000 }).toBeGreaterThan(1);
  const second = await grab(page);
  expect(second.picture).not.toBe(first.picture);

  await tiles.filter({ hasText: 'LOCAL0002/1' }).getByRole('button').click();
  await expect(page.locator('.video-cloud__live')).toHaveAttribute('data-camera', 'LOCAL0002/1');
  await expect(player).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
  await expect(player.getByRole('alert')).toHaveText(new RegExp(text('zh', 'video.player.invalidAddress')));

  // At phone width the page keeps to the screen: the tiles stack, the player shrinks.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tiles.first()).toBeVisible();
  await expectNoSidewaysScroll(page, '/fluoriteCloudCamera at 390 px');

  await apiCall(page, 'DELETE', '/third/party/account');
});
