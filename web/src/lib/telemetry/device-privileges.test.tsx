import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

import { fail, mockApi, ok } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { devicePrivileges } from '@/test/telemetry';
import { useDevicePrivileges } from './device-privileges';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  signInAs(['P10000']);
});

describe('useDevicePrivileges', () => {
  it('asks GET /dev/privileges once for the device and answers each item from it', async () => {
    const calls = mockApi({
      'GET /dev/privileges': () =>
        ok({ ...devicePrivileges(['history', 'alarm_confirm']), template_permissions: ['view', 'design'] }),
    });
    const { result } = renderHook(() => useDevicePrivileges(12), { wrapper });
    // Nothing is offered before the answer.
    expect(result.current.may('history')).toBe(false);
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(calls.map((c) => [c.url, c.params])).toEqual([['/dev/privileges', { device_id: 12 }]]);
    expect(result.current.may('history')).toBe(true);
    expect(result.current.may('alarm_confirm')).toBe(true);
    expect(result.current.may('write')).toBe(false);
    expect(result.current.may('export')).toBe(false);
    expect(result.current.mayTemplate('design')).toBe(true);
    expect(result.current.mayTemplate('publish')).toBe(false);
  });

  it('offers nothing when the device cannot be read', async () => {
    mockApi({ 'GET /dev/privileges': () => fail('110506', '设备不存在') });
    const { result } = renderHook(() => useDevicePrivileges(99), { wrapper });
    await waitFor(() => expect(result.current.query.isError).toBe(true));
    expect(result.current.may('history')).toBe(false);
  });

  it('asks nothing while disabled', () => {
    const calls = mockApi({});
    const { result } = renderHook(() => useDevicePrivileges(12, false), { wrapper });
    expect(result.current.may('write')).toBe(false);
    expect(calls).toEqual([]);
  });
});
