// A share link opened without logging in (/yun/shared/module): the link itself (counts one use), one device's
// screens with everything they need, and a write through a control link. The page shows every failure itself.
import { useQuery } from '@tanstack/react-query';

import { get, post } from '@/lib/http';
import type { WriteValueInput, WriteValueOut } from '@/lib/telemetry/types';
import type { Schema } from '@/types/schema';

export type SharedModuleOut = Schema<'SharedModuleOut'>;
export type SharedDeviceOut = Schema<'SharedDeviceOut'>;
export type SharedUserOut = Schema<'SharedUserOut'>;
export type SharedDeviceScreenOut = Schema<'SharedDeviceScreenOut'>;

export const sharedKeys = {
  all: (token: string) => ['shared', token] as const,
  link: (token: string) => [...sharedKeys.all(token), 'link'] as const,
  device: (token: string, deviceId: number) => [...sharedKeys.all(token), 'device', deviceId] as const,
};

export function openSharedLink(token: string): Promise<SharedModuleOut> {
  return get<SharedModuleOut>('/yun/shared/module', { token }, { silent: true });
}

/** Opening counts a use: asked once per visit, never again behind the visitor's back. */
export function useSharedLink(token: string) {
  return useQuery({
    queryKey: sharedKeys.link(token),
    queryFn: () => openSharedLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function getSharedDevice(token: string, deviceId: number): Promise<SharedDeviceScreenOut> {
  return get<SharedDeviceScreenOut>(
    '/yun/shared/module/device',
    { token, device_id: deviceId },
    { silent: true },
  );
}

export function writeShared(token: string, input: WriteValueInput): Promise<WriteValueOut> {
  return post<WriteValueOut>('/yun/shared/module/write', { token, ...input }, { silent: true });
}
