// The contexts the control, chart and alarm elements read (elements/controls/context.ts), provided once for a
// screen from its device's feed: the write gate, the current alarms and the trends' history; and where a 3D model
// element loads its model's files (the feed source's: a share link's page loads them through the link).
import type { ReactNode } from 'react';

import type { AlarmOut } from '@/lib/alarms/types';
import {
  ControlAccessContext,
  DeviceAlarmsContext,
  TrendHistoryContext,
  type TrendHistory,
} from '../elements/controls/context';
import type { ControlAccess } from '../elements/controls/write-rules';
import { consoleModelFiles, ModelFilesContext } from '../elements/display/model3d/model-files';
import { useFeedSource } from './feed-source';

export interface RuntimeProvidersProps {
  access: ControlAccess | null;
  alarms: readonly AlarmOut[];
  history: TrendHistory;
  children: ReactNode;
}

export function RuntimeProviders({ access, alarms, history, children }: RuntimeProvidersProps) {
  const modelFiles = useFeedSource().modelFiles ?? consoleModelFiles;
  return (
    <ControlAccessContext value={access}>
      <DeviceAlarmsContext value={alarms}>
        <TrendHistoryContext value={history}>
          <ModelFilesContext value={modelFiles}>{children}</ModelFilesContext>
        </TrendHistoryContext>
      </DeviceAlarmsContext>
    </ControlAccessContext>
  );
}
