// What the runtime hands the control, chart and alarm elements beyond ElementRenderProps: facts about the viewer
// and the device that are the same for every element of a screen, so they come once through context rather than
// through each element's props.
import { createContext, useContext } from 'react';

import type { AlarmOut } from '@/lib/alarms/types';
import type { DesignElement } from '../../model/types';
import type { ControlAccess } from './write-rules';

/** The viewer's rights and the device's state for writes; null (the default) until the runtime knows them. */
export const ControlAccessContext = createContext<ControlAccess | null>(null);

export function useControlAccess(): ControlAccess | null {
  return useContext(ControlAccessContext);
}

/** The device's current alarms (GET /rAlarmDev for the screen's device, kept live by the runtime). */
export const DeviceAlarmsContext = createContext<readonly AlarmOut[]>([]);

export function useDeviceAlarms(): readonly AlarmOut[] {
  return useContext(DeviceAlarmsContext);
}

/** A trend point: epoch milliseconds and the value (null for a gap). */
export type TrendPoint = [number, number | null];

/** The history a trend chart starts from, by binding key, for the window its settings ask (trendWindowMs): the
 * runtime queries it (GET /hDev for the screen's device) and answers per element; undefined while loading. */
export type TrendHistory = (
  element: DesignElement,
) => Readonly<Record<string, readonly TrendPoint[]>> | undefined;

export const TrendHistoryContext = createContext<TrendHistory>(() => undefined);

export function useTrendHistory(): TrendHistory {
  return useContext(TrendHistoryContext);
}
