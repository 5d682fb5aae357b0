// What a share link's page asks without logging in, with the link's token (docs/api-sharing.md): one device's screen
// with everything it needs (GET /yun/shared/module/device: the screens, the live seed, the write rules and the
// alarms; it counts no use) and a write through a control link (POST /yun/shared/module/write), and the query keys
// of everything a link's page reads, by token. The pages show every failure themselves (silent).
import type { Schema } from '@/types/schema';
import { get, post } from '../http';
import type { WriteValueInput, WriteValueOut } from '../telemetry/types';

export type SharedDeviceScreenOut = Schema<'SharedDeviceScreenOut'>;
export type SharedCameraOut = Schema<'SharedCameraOut'>;

export const sharedKeys = {
  all: (token: string) => ['shared', token] as const,
  link: (token: string) => [...sharedKeys.all(token), 'link'] as const,
  device: (token: string, deviceId: number) => [...sharedKeys.all(token), 'device', deviceId] as const,
  /** A shared dashboard's card reads (groups, devices, map, net, alarms, report, weather, other). */
  dashboard: (token: string, what: string, params: object = {}) =>
    [...sharedKeys.all(token), 'dashboard', what, params] as const,
};

/** A link's opening counts a use: asked once per visit, never again behind the visitor's back (the query options of
 * every link page's opening). */
export const OPENED_ONCE = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

export function getSharedDevice(token: string, deviceId: number): Promise<SharedDeviceScreenOut> {
  return get<SharedDeviceScreenOut>(
    '/yun/shared/module/device',
    { token, device_id: deviceId },
    { silent: true },
  );
}

/** What a camera of a device the link shows plays (a camera element or card of a shared page). */
export function getSharedCamera(
  token: string,
  deviceId: number,
  source: 'slot' | 'device',
  slot: number,
): Promise<SharedCameraOut> {
  return get<SharedCameraOut>(
    '/yun/shared/camera',
    { token, device_id: deviceId, source, slot },
    { silent: true },
  );
}

export function writeShared(token: string, input: WriteValueInput): Promise<WriteValueOut> {
  return post<WriteValueOut>('/yun/shared/module/write', { token, ...input }, { silent: true });
}
