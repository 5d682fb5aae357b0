// The runtime's data for a share link's page (designer/runtime/feed-source.tsx): one GET /yun/shared/module/device
// per device answers its screens, seed, write rules and alarms; writes go to POST /yun/shared/module/write; the live
// values come through the page's own socket. No history (the trend charts start from the live points). A request
// answering 118301–118305 ends the page (`onEnded`; a dashboard's page ends only on the link's own refusals, its
// `endCode`). The shared configuration's page (/share-cfg) and a shared dashboard's configuration cards use it.
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';

import type { AlarmOut, AlarmPage } from '@/lib/alarms/types';
import type { DeviceScreensOut } from '@/lib/telemetry/get-device-screens';
import type { HistoryOut, LiveDeviceOut, WriteConfigOut, WriteValueInput } from '@/lib/telemetry/types';
import type { RtdClient } from '@/lib/ws';
import { shareEndCode } from '@/lib/share-links/share-codes';
import {
  getSharedDevice,
  sharedKeys,
  writeShared,
  type SharedDeviceScreenOut,
} from '@/lib/share-links/shared';
import { sharedModelFiles } from '../elements/display/model3d/model-files';
import type { FeedSource } from './feed-source';

const screensOf = (d: SharedDeviceScreenOut): DeviceScreensOut => d.screens;
// The generated LiveOut and the telemetry's hand-written LiveDeviceOut are one payload (GET /rDev's).
const seedOf = (d: SharedDeviceScreenOut): LiveDeviceOut => d.live as LiveDeviceOut;
const writeConfigOf = (d: SharedDeviceScreenOut): WriteConfigOut => d.write_config;
const alarmsOf = (d: SharedDeviceScreenOut): AlarmPage => ({
  // The server sends alarm_type 1, 2 or 3 only (alarms/models.py); the generated type says number.
  items: d.alarms as AlarmOut[],
  total: d.alarms.length,
  page: 1,
  page_size: d.alarms.length,
});

export interface ShareFeedOptions {
  token: string;
  rtd: RtdClient;
  onEnded: (code: number) => void;
  /** The code a failure ends the page with, or null (default: any 118301–118305). */
  endCode?: (error: unknown) => number | null;
}

export function createShareFeedSource({
  token,
  rtd,
  onEnded,
  endCode = shareEndCode,
}: ShareFeedOptions): FeedSource {
  const ending =
    <A extends unknown[], T>(request: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await request(...args);
      } catch (error) {
        const code = endCode(error);
        if (code !== null) onEnded(code);
        throw error;
      }
    };

  function useDevice<T>(deviceId: number, select: (d: SharedDeviceScreenOut) => T) {
    return useQuery({
      queryKey: sharedKeys.device(token, deviceId),
      queryFn: ending(() => getSharedDevice(token, deviceId)),
      select,
      retry: false,
    });
  }

  return {
    useScreens: (deviceId) => useDevice(deviceId, screensOf),
    useSeed: (deviceId) => useDevice(deviceId, seedOf),
    useWriteConfig: (deviceId) => useDevice(deviceId, writeConfigOf),
    useAlarms: (deviceId) => useDevice(deviceId, alarmsOf),
    // A link's page asks no alarm history: a confirmed alarm there stops flashing and drops its overlay.
    useAlarmHistory: () =>
      useQuery<AlarmPage>({ queryKey: [...sharedKeys.all(token), 'no-alarm-history'], queryFn: skipToken }),
    alarmsKey: (deviceId) => sharedKeys.device(token, deviceId),
    useHistory: () =>
      useQuery<HistoryOut>({ queryKey: [...sharedKeys.all(token), 'no-history'], queryFn: skipToken }),
    rtd: () => rtd,
    modelFiles: sharedModelFiles(token),
    shareToken: token,
    useWrite: () =>
      useMutation({ mutationFn: ending((input: WriteValueInput) => writeShared(token, input)) }),
  };
}
