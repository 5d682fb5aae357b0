// Query keys of the telemetry reads. They sit under the device keys (['devices', …]), so whatever refreshes a
// device's data refreshes its live values, write rules and history too.
import type { HistoryParams } from './types';

const all = ['devices'] as const;

export const telemetryKeys = {
  live: (deviceId: number) => [...all, 'live', deviceId] as const,
  writeConfig: (deviceId: number) => [...all, 'write-config', deviceId] as const,
  screens: (deviceId: number) => [...all, 'screens', deviceId] as const,
  privileges: (deviceId: number) => [...all, 'privileges', deviceId] as const,
  history: (params: HistoryParams) => [...all, 'history', params] as const,
  /** The history query while no data source is chosen (nothing is asked). */
  noHistory: () => [...all, 'history', null] as const,
};
