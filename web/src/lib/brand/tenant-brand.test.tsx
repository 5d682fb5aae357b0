import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { FakeSocket, installFakeRtd } from '@/test/fake-socket';
import { fail, mockApi, ok } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import type { Schema } from '@/types/schema';
import { sessionStore } from '../session';
import { rtdClient, setRtdClient } from '../ws';
import { brandStore, PLATFORM_BRAND, viewOfTenant } from './brand';
import { BRAND_QUERY_KEY, useTenantBrand, useTenantBrandQuery } from './tenant-brand';

type BrandOut = Schema<'BrandOut'>;

function saved(over: Partial<BrandOut> = {}): BrandOut {
  return {
    platform_name: '智慧水务',
    slogan: '',
    footer: '',
    primary_color: '#0E7C66',
    default_language: 'zh',
    map_theme: null,
    domain: null,
    logo_light: null,
    logo_dark: null,
    favicon: null,
    background: null,
    version: 1,
    updated_at: 1,
    ...over,
  };
}

function wrapper(client: QueryClient) {
  return function Providers({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

const reads = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((c) => c.method.toUpperCase() === 'GET' && c.url === '/yun/individuation').length;

/** A live socket the console keeps open for its other listeners (the bell, the alarm banner). */
function openSocket(): FakeSocket {
  rtdClient().subscribeAlarms(() => undefined);
  const socket = FakeSocket.last;
  if (!socket) throw new Error('no socket');
  socket.open();
  return socket;
}

beforeEach(() => {
  window.localStorage.clear();
  brandStore.setState({ host: null, tenant: null, brand: PLATFORM_BRAND, settled: false });
  signInAs([], { tenantId: '7' });
  installFakeRtd();
});

afterEach(() => {
  setRtdClient(null);
});

describe('useTenantBrand', () => {
  it('reads the signed-in tenant’s brand and puts it in force', async () => {
    const calls = mockApi({ 'GET /yun/individuation': () => ok(saved()) });
    const client = newClient();
    renderHook(() => useTenantBrand(true), { wrapper: wrapper(client) });
    await waitFor(() => {
      expect(brandStore.getState().brand.name).toBe('智慧水务');
    });
    expect(brandStore.getState().tenant).toEqual(viewOfTenant(saved()));
    expect(reads(calls)).toBe(1);
    // Kept under the tenant's id.
    expect(client.getQueryData([...BRAND_QUERY_KEY, '7'])).toEqual(saved());
  });

  it('reads nothing and changes nothing while not enabled', async () => {
    const calls = mockApi({ 'GET /yun/individuation': () => ok(saved()) });
    const client = newClient();
    renderHook(() => useTenantBrand(false), { wrapper: wrapper(client) });
    // Something else read through the same client proves the hook had its chance to ask.
    await client.query({ queryKey: ['other'], queryFn: () => 1 });
    expect(reads(calls)).toBe(0);
    expect(brandStore.getState().brand).toBe(PLATFORM_BRAND);
  });

  it('reads the brand again when someone saves it (the live socket’s `brand` frame) and applies it', async () => {
    let version = 1;
    const calls = mockApi({
      'GET /yun/individuation': () =>
        ok(saved(version === 1 ? {} : { version, platform_name: '新名称', primary_color: '#7C3AED' })),
    });
    renderHook(() => useTenantBrand(true), { wrapper: wrapper(newClient()) });
    await waitFor(() => {
      expect(brandStore.getState().brand.name).toBe('智慧水务');
    });
    const socket = openSocket();

    version = 2;
    socket.receive({ type: 'brand', version: 2 });
    await waitFor(() => {
      expect(brandStore.getState().brand).toMatchObject({ name: '新名称', primaryColor: '#7C3AED' });
    });
    expect(reads(calls)).toBe(2);
  });

  it('reads the brand again when the live socket reconnects (a save may have come meanwhile)', async () => {
    let version = 1;
    const calls = mockApi({
      'GET /yun/individuation': () =>
        ok(saved(version === 1 ? {} : { version, platform_name: '断线期间保存' })),
    });
    renderHook(() => useTenantBrand(true), { wrapper: wrapper(newClient()) });
    await waitFor(() => {
      expect(brandStore.getState().brand.name).toBe('智慧水务');
    });
    const first = openSocket();
    expect(reads(calls)).toBe(1);

    version = 2;
    first.drop();
    await waitFor(() => {
      expect(FakeSocket.all).toHaveLength(2);
    });
    FakeSocket.last?.open();
    await waitFor(() => {
      expect(brandStore.getState().brand.name).toBe('断线期间保存');
    });
    expect(reads(calls)).toBe(2);
  });

  it('hears no `brand` frame once unmounted', async () => {
    const calls = mockApi({ 'GET /yun/individuation': () => ok(saved()) });
    const client = newClient();
    const { unmount } = renderHook(() => useTenantBrand(true), { wrapper: wrapper(client) });
    await waitFor(() => {
      expect(reads(calls)).toBe(1);
    });
    const socket = openSocket();
    unmount();
    socket.receive({ type: 'brand', version: 2 });
    await client.query({ queryKey: ['other'], queryFn: () => 1 });
    expect(reads(calls)).toBe(1);
    expect(client.getQueryState([...BRAND_QUERY_KEY, '7'])?.isInvalidated).toBe(false);
  });

  it('keeps the host’s brand in force when the tenant’s cannot be read', async () => {
    const calls = mockApi({ 'GET /yun/individuation': () => fail('100003', '服务异常') });
    brandStore.setState({
      host: { ...PLATFORM_BRAND, name: '某某云' },
      brand: { ...PLATFORM_BRAND, name: '某某云' },
    });
    const client = newClient();
    renderHook(() => useTenantBrand(true), { wrapper: wrapper(client) });
    await waitFor(() => {
      expect(client.getQueryState([...BRAND_QUERY_KEY, '7'])?.status).toBe('error');
    });
    expect(reads(calls)).toBe(1);
    expect(brandStore.getState()).toMatchObject({ tenant: null, brand: { name: '某某云' } });
  });
});

describe('useTenantBrandQuery', () => {
  it('reads the brand of the tenant signed in now, never one read for another', async () => {
    mockApi({
      'GET /yun/individuation': () =>
        ok(saved({ platform_name: sessionStore.getState().tenantId === '7' ? '七号租户' : '八号租户' })),
    });
    const { result } = renderHook(() => useTenantBrandQuery(), { wrapper: wrapper(newClient()) });
    await waitFor(() => {
      expect(result.current.data?.platform_name).toBe('七号租户');
    });

    signInAs([], { tenantId: '8' });
    await waitFor(() => {
      expect(result.current.data?.platform_name).toBe('八号租户');
    });
  });
});
