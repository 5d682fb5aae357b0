import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Schema } from '@/types/schema';

const HOST: Schema<'BrandPublicOut'> = {
  platform_name: '某某云',
  slogan: '工业互联',
  footer: '',
  primary_color: '#7C3AED',
  default_language: 'en',
  logo_light_url: '/api/yun/individuation/file/l.png',
  logo_dark_url: null,
  favicon_url: null,
  background_url: null,
};

/** A new page's host-brand.ts with the brand store, requests and toasts it uses. */
async function fresh() {
  vi.resetModules();
  const [hostBrand, brand, api, toast] = await Promise.all([
    import('./host-brand'),
    import('./brand'),
    import('@/test/mock-api'),
    import('../toast'),
  ]);
  const toasts = [vi.spyOn(toast.toast, 'error'), vi.spyOn(toast.toast, 'warning')];
  return { ...hostBrand, ...brand, ...api, toasts };
}

beforeEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('loadHostBrand', () => {
  it('shows the host’s brand, asked without a signature or token, once per page', async () => {
    const m = await fresh();
    const calls = m.mockApi({ 'GET /yun/individuation/public': () => m.ok(HOST) });
    expect(m.brandStore.getState().settled).toBe(false);

    await m.loadHostBrand();
    expect(m.brandStore.getState()).toMatchObject({
      settled: true,
      host: m.viewOfHost(HOST),
      brand: m.viewOfHost(HOST),
    });
    expect(calls).toHaveLength(1);
    // Unsigned (lib/sign's headers) and without a session's.
    for (const header of ['SIG', 'PubKey', 'TS', 'X-Token', 'X-User', 'X-Tenant'])
      expect(calls[0]?.headers).not.toHaveProperty(header);

    await m.loadHostBrand();
    expect(calls).toHaveLength(1);
  });

  it('leaves the platform’s brand shown, without a toast, when the host cannot be read, and asks again later', async () => {
    const m = await fresh();
    let answers = 0;
    const calls = m.mockApi({
      'GET /yun/individuation/public': () => (++answers === 1 ? m.fail('100003', '服务异常') : m.ok(HOST)),
    });

    await m.loadHostBrand();
    expect(m.brandStore.getState()).toMatchObject({
      settled: true,
      host: m.PLATFORM_BRAND,
      brand: m.PLATFORM_BRAND,
    });
    for (const spy of m.toasts) expect(spy).not.toHaveBeenCalled();

    await m.loadHostBrand();
    expect(calls).toHaveLength(2);
    expect(m.brandStore.getState().brand.name).toBe('某某云');
  });

  it('keeps the brand this browser saw last on this host when the host cannot be read', async () => {
    const before = await fresh();
    before.mockApi({ 'GET /yun/individuation/public': () => before.ok(HOST) });
    await before.loadHostBrand();

    const m = await fresh();
    m.mockApi({ 'GET /yun/individuation/public': () => m.fail('100003', '服务异常') });
    m.startBrand();
    expect(m.brandStore.getState().brand.name).toBe('某某云');
    await m.loadHostBrand();
    expect(m.brandStore.getState()).toMatchObject({ settled: true, brand: { name: '某某云' } });
  });

  it('shows the platform’s brand when the host has none bound', async () => {
    const m = await fresh();
    m.mockApi({
      'GET /yun/individuation/public': () =>
        m.ok({ ...HOST, platform_name: '', slogan: '', primary_color: null, logo_light_url: null }),
    });
    await m.loadHostBrand();
    expect(m.isCustom(m.brandStore.getState().brand)).toBe(false);
    expect(m.brandStore.getState().settled).toBe(true);
  });
});
