// The fault widget (issue 31 point 3): live unconfirmed alarms of a group, a device or every device the viewer
// reads, newest first, each confirmed with a note; a card following a tree shows the picked device's or group's.
import { AlertOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const faultWidget: WidgetDefinition<'fault'> = {
  type: 'fault',
  i18nKey: 'dashboards.widgets.fault.name',
  icon: AlertOutlined,
  defaultSize: { w: 8, h: 6 },
  defaultSettings: { group_id: null, device_id: null, limit: 10 },
  links: ['device', 'group'],
  fetches: [
    'GET /rAlarmDev (a device: ?device_id=; a group: ?group_id=; else the shared first page; every 60 s)',
    'GET /dev/basic/{id} or GET /yun/dev/group (the device or group still there)',
    'socket: alarm pushes',
    'POST /rAlarmDev/confirmation (confirm with a note)',
  ],
  component: preloadable(() => import('./fault-widget')),
  // A card following a tree shows its own setting until something is picked there: that is what is asked ahead.
  prefetch: ({ settings }, reads) => {
    const deviceId = settings.device_id ?? null;
    const groupId = deviceId === null ? (settings.group_id ?? null) : null;
    if (deviceId !== null) reads.device(deviceId);
    if (groupId !== null) reads.groups();
    reads.alarms({ deviceId, groupId });
  },
  settingsForm: lazy(() => import('./fault-settings')),
};

export default faultWidget;
