// GET /yun/v2/rDev/screens?device_id=: the screens a device shows, as its template's latest publication froze them
// (none without a published template). A device's Screens tab, the configuration monitor and the carousel read it.
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Schema } from '@/types/schema';
import { get } from '../http';
import { telemetryKeys } from './keys';

export type DeviceScreensOut = Schema<'DeviceScreensOut'>;
export type RuntimeScreenOut = Schema<'RuntimeScreenOut'>;

export function getDeviceScreens(deviceId: number): Promise<DeviceScreensOut> {
  // The screens' host shows a failure itself, with its retry.
  return get<DeviceScreensOut>('/yun/v2/rDev/screens', { device_id: deviceId }, { silent: true });
}

export const deviceScreensQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: telemetryKeys.screens(deviceId),
    queryFn: () => getDeviceScreens(deviceId),
    enabled: Number.isInteger(deviceId) && deviceId > 0,
  });

export function useDeviceScreens(deviceId: number, enabled = true) {
  return useQuery({ ...deviceScreensQueryOptions(deviceId), enabled: enabled && deviceId > 0 });
}

/** The screens of the kind a viewer's screen suits: a phone takes the mobile screens when the template has a drawn
 * one, a wider screen the web ones; either falls back to the other kind when its own has nothing drawn (every
 * template starts with an empty main screen of each kind). The main screen comes first. */
export function screensFor(screens: readonly RuntimeScreenOut[], phone: boolean): RuntimeScreenOut[] {
  const drawn = (kind: string) =>
    screens.some((s) => s.kind === kind && (s.document.elements ?? []).length > 0);
  const [preferred, other] = phone ? ['mobile', 'web'] : ['web', 'mobile'];
  const kind = drawn(preferred) || !drawn(other) ? preferred : other;
  const chosen = screens.filter((s) => s.kind === kind);
  return (chosen.length > 0 ? chosen : screens.filter((s) => s.kind === other)).sort(
    (a, b) => Number(b.is_main) - Number(a.is_main) || a.sort - b.sort || a.id - b.id,
  );
}
