// The contexts the control, chart and alarm elements read (elements/controls/context.ts), provided once for a
// screen from its device's feed: the write gate, the current alarms and the trends' history.
import type { ReactNode } from 'react';

import type { AlarmOut } from '@/lib/alarms/types';
import {
  ControlAccessContext,
  DeviceAlarmsContext,
  TrendHistoryContext,
  type TrendHistory,
} from '../elements/controls/context';
import type { ControlAccess } from '../elements/controls/write-rules';

export interface RuntimeProvidersProps {
  access: ControlAccess | null;
  alarms: readonly AlarmOut[];
  history: TrendHistory;
  children: ReactNode;
}

export function RuntimeProviders({ access, alarms, history, children }: RuntimeProvidersProps) {
  return (
    <ControlAccessContext value={access}>
      <DeviceAlarmsContext value={alarms}>
        <TrendHistoryContext value={history}>{children}</TrendHistoryContext>
      </DeviceAlarmsContext>
    </ControlAccessContext>
  );
}
