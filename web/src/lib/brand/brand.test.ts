import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Schema } from '@/types/schema';

type BrandModule = typeof import('./brand');
type SessionModule = typeof import('../session');
type ThemeModule = typeof import('../theme');

const TENANT: Schema<'BrandOut'> = {
  platform_name: '智慧水务',
  slogan: '一屏掌控每一座工厂',
  footer: '© 2026 某某工业',
  primary_color: '#0E7C66',
  default_language: 'en',
  map_theme: 'midnight',
  domain: 'iot.acme.com',
  logo_light: {
    id: 1,
    slot: 'logo_light',
    url: '/api/yun/individuation/file/a.png',
    width: 1,
    height: 1,
    size_bytes: 1,
  },
  logo_dark: null,
  favicon: {
    id: 3,
    slot: 'favicon',
    url: '/api/yun/individuation/file/c.svg',
    width: 1,
    height: 1,
    size_bytes: 1,
  },
  background: null,
  version: 2,
  updated_at: 1,
};

const HOST: Schema<'BrandPublicOut'> = {
  platform_name: '某某云',
  slogan: '',
  footer: '',
  primary_color: '#7C3AED',
  default_language: null,
  logo_light_url: null,
  logo_dark_url: '/api/yun/individuation/file/d.png',
  favicon_url: null,
  background_url: '/api/yun/individuation/file/bg.jpg',
};

/** brand.ts, lib/session and lib/theme as a new page loads them (startBrand runs once per page). */
async function fresh(): Promise<{ brand: BrandModule; session: SessionModule; theme: ThemeModule }> {
  vi.resetModules();
  const [brand, session, theme] = await Promise.all([
    import('./brand'),
    import('../session'),
    import('../theme'),
  ]);
  return { brand, session, theme };
}

let m: Awaited<ReturnType<typeof fresh>>;

function signIn(tenantId: string) {
  m.session.sessionStore.setState({ token: 't', userId: '1', tenantId });
}

beforeEach(async () => {
  window.localStorage.clear();
  delete window.__IOTYUN_CONFIG__;
  document.head.querySelector('link[rel="icon"]')?.remove();
  m = await fresh();
  m.session.logout();
});

afterEach(() => {
  delete window.__IOTYUN_CONFIG__;
  document.head.querySelector('link[rel="icon"]')?.remove();
});

describe('brandImageUrl', () => {
  it('puts an image the server names under /api under the console’s API base', () => {
    const { brandImageUrl } = m.brand;
    expect(brandImageUrl('/api/yun/individuation/file/a.png')).toBe('/api/yun/individuation/file/a.png');
    window.__IOTYUN_CONFIG__ = { apiBase: 'https://api.example.com/iot/' };
    expect(brandImageUrl('/api/yun/individuation/file/a.png')).toBe(
      'https://api.example.com/iot/yun/individuation/file/a.png',
    );
    window.__IOTYUN_CONFIG__ = { apiBase: '/gateway' };
    expect(brandImageUrl('/api/yun/individuation/file/a.png')).toBe('/gateway/yun/individuation/file/a.png');
  });

  it('leaves any other address, and gives none for none', () => {
    const { brandImageUrl } = m.brand;
    window.__IOTYUN_CONFIG__ = { apiBase: '/gateway' };
    expect(brandImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(brandImageUrl('/apidocs/a.png')).toBe('/apidocs/a.png');
    expect(brandImageUrl('')).toBeNull();
    expect(brandImageUrl(null)).toBeNull();
    expect(brandImageUrl(undefined)).toBeNull();
  });
});

describe('views of a brand', () => {
  it('shows a tenant’s brand with its images’ addresses', () => {
    expect(m.brand.viewOfTenant(TENANT)).toEqual({
      name: '智慧水务',
      slogan: '一屏掌控每一座工厂',
      footer: '© 2026 某某工业',
      primaryColor: '#0E7C66',
      logoLight: '/api/yun/individuation/file/a.png',
      logoDark: null,
      favicon: '/api/yun/individuation/file/c.svg',
      background: null,
      defaultLanguage: 'en',
      mapTheme: 'midnight',
    });
  });

  it('shows a host’s brand without a map theme (the login page has no map)', () => {
    expect(m.brand.viewOfHost(HOST)).toEqual({
      name: '某某云',
      slogan: '',
      footer: '',
      primaryColor: '#7C3AED',
      logoLight: null,
      logoDark: '/api/yun/individuation/file/d.png',
      favicon: null,
      background: '/api/yun/individuation/file/bg.jpg',
      defaultLanguage: null,
      mapTheme: null,
    });
  });

  it('tells a brand the login page would show apart from the platform’s', () => {
    const { isCustom, PLATFORM_BRAND } = m.brand;
    expect(isCustom(PLATFORM_BRAND)).toBe(false);
    // Neither the language nor the map theme shows on the login page.
    expect(isCustom({ ...PLATFORM_BRAND, defaultLanguage: 'en', mapTheme: 'dark' })).toBe(false);
    expect(isCustom({ ...PLATFORM_BRAND, name: 'x' })).toBe(true);
    expect(isCustom({ ...PLATFORM_BRAND, slogan: 'x' })).toBe(true);
    expect(isCustom({ ...PLATFORM_BRAND, footer: 'x' })).toBe(true);
    expect(isCustom({ ...PLATFORM_BRAND, primaryColor: '#000000' })).toBe(true);
    expect(isCustom({ ...PLATFORM_BRAND, logoDark: '/x.png' })).toBe(true);
    expect(isCustom({ ...PLATFORM_BRAND, background: '/x.png' })).toBe(true);
    expect(isCustom(m.brand.viewOfTenant(TENANT))).toBe(true);
  });
});

describe('the brand in force', () => {
  it('is the platform’s until something is read, and not settled', () => {
    const state = m.brand.brandStore.getState();
    expect(state).toEqual({ host: null, tenant: null, brand: m.brand.PLATFORM_BRAND, settled: false });
    expect(Object.isFrozen(m.brand.PLATFORM_BRAND)).toBe(true);
  });

  it('is the tenant’s over the host’s over the platform’s', () => {
    const { brandStore, setHostBrand, setTenantBrand, viewOfHost, viewOfTenant, PLATFORM_BRAND } = m.brand;
    const host = viewOfHost(HOST);
    const tenant = viewOfTenant(TENANT);

    setHostBrand(host);
    expect(brandStore.getState()).toMatchObject({ host, tenant: null, brand: host, settled: true });

    signIn('7');
    setTenantBrand(tenant);
    expect(brandStore.getState()).toMatchObject({ host, tenant, brand: tenant });
    // The host's answer arriving late changes nothing while the tenant's brand is in force.
    setHostBrand(viewOfHost({ ...HOST, platform_name: '另一个' }));
    expect(brandStore.getState().brand).toBe(tenant);

    setTenantBrand(null);
    expect(brandStore.getState().brand.name).toBe('另一个');

    setHostBrand(null);
    expect(brandStore.getState()).toMatchObject({
      host: PLATFORM_BRAND,
      brand: PLATFORM_BRAND,
      settled: true,
    });
  });

  it('stays the host’s known one when the host’s brand cannot be read, else is the platform’s', () => {
    const { brandStore, hostBrandFailed, setHostBrand, viewOfHost, PLATFORM_BRAND } = m.brand;
    hostBrandFailed();
    expect(brandStore.getState()).toMatchObject({
      host: PLATFORM_BRAND,
      brand: PLATFORM_BRAND,
      settled: true,
    });

    const host = viewOfHost(HOST);
    setHostBrand(host);
    hostBrandFailed();
    expect(brandStore.getState()).toMatchObject({ host, brand: host, settled: true });
  });
});

describe('startBrand', () => {
  function favicon(href = '/iotyun/favicon.svg'): HTMLLinkElement {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.type = 'image/svg+xml';
    link.href = href;
    link.setAttribute('href', href);
    document.head.append(link);
    return link;
  }

  it('applies the brand in force: primary colour, favicon and the default language of who chose none', () => {
    const link = favicon();
    m.brand.startBrand();
    expect(m.theme.primaryColor()).toBe(m.theme.colors.primary);

    m.brand.setHostBrand(m.brand.viewOfHost({ ...HOST, favicon_url: '/api/yun/individuation/file/f.png' }));
    expect(m.theme.primaryColor()).toBe('#7C3AED');
    expect(document.documentElement.style.getPropertyValue('--iot-color-primary')).toBe('#7C3AED');
    expect(link.getAttribute('href')).toBe('/api/yun/individuation/file/f.png');
    expect(link.hasAttribute('type')).toBe(false);

    signIn('7');
    m.brand.setTenantBrand(m.brand.viewOfTenant({ ...TENANT, favicon: null }));
    expect(m.theme.primaryColor()).toBe('#0E7C66');
    expect(m.session.appStore.getState().language).toBe('en');
    // No favicon of its own: the platform's again, with its type.
    expect(link.getAttribute('href')).toBe('/iotyun/favicon.svg');
    expect(link.getAttribute('type')).toBe('image/svg+xml');

    m.session.logout();
    expect(m.brand.brandStore.getState().tenant).toBeNull();
    expect(m.theme.primaryColor()).toBe('#7C3AED');
    expect(m.session.appStore.getState().language).toBe('zh');
  });

  it('leaves the language a user chose', () => {
    m.session.setLanguage('zh');
    m.brand.startBrand();
    signIn('7');
    m.brand.setTenantBrand(m.brand.viewOfTenant(TENANT));
    expect(m.brand.brandStore.getState().brand.defaultLanguage).toBe('en');
    expect(m.session.appStore.getState().language).toBe('zh');
  });

  it('shows the host’s brand this browser saw last at once, settled, before the host is asked again', async () => {
    m.brand.setHostBrand(m.brand.viewOfHost(HOST));

    m = await fresh();
    m.brand.startBrand();
    expect(m.brand.brandStore.getState()).toMatchObject({ settled: true, brand: { name: '某某云' } });
    expect(m.theme.primaryColor()).toBe('#7C3AED');
    // The host cannot be read now: the remembered brand stays.
    m.brand.hostBrandFailed();
    expect(m.brand.brandStore.getState().brand.name).toBe('某某云');
  });

  it('shows a tenant’s brand this browser saw last for that tenant when it signs in, not another tenant’s', async () => {
    signIn('7');
    m.brand.setTenantBrand(m.brand.viewOfTenant(TENANT));
    m.session.logout();

    m = await fresh();
    m.brand.startBrand();
    expect(m.brand.brandStore.getState().tenant).toBeNull();
    signIn('8');
    expect(m.brand.brandStore.getState().tenant).toBeNull();
    signIn('7');
    expect(m.brand.brandStore.getState()).toMatchObject({
      tenant: { name: '智慧水务' },
      brand: { name: '智慧水务' },
    });
    expect(m.theme.primaryColor()).toBe('#0E7C66');
  });

  it('reads a signed-in tenant’s remembered brand on a reload', async () => {
    signIn('7');
    m.brand.setTenantBrand(m.brand.viewOfTenant(TENANT));

    m = await fresh();
    m.session.sessionStore.setState({ token: 't', userId: '1', tenantId: '7' });
    m.brand.startBrand();
    expect(m.brand.brandStore.getState()).toMatchObject({ tenant: { name: '智慧水务' }, settled: false });
  });

  it('keeps no host brand as a tenant’s, and ignores what storage holds that is no brand', async () => {
    signIn('7');
    m.brand.setHostBrand(m.brand.viewOfHost(HOST));
    expect(window.localStorage.length).toBe(0);
    m.session.logout();

    window.localStorage.setItem(`iotyun.brand:host:${window.location.host}`, '{"name": 3}');
    m = await fresh();
    m.brand.startBrand();
    expect(m.brand.brandStore.getState()).toMatchObject({ host: null, settled: false });

    window.localStorage.setItem(`iotyun.brand:host:${window.location.host}`, 'not json');
    m = await fresh();
    m.brand.startBrand();
    expect(m.brand.brandStore.getState().brand).toBe(m.brand.PLATFORM_BRAND);
  });
});
