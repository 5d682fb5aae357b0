// The device tree widget (issue 31 points 3 and 4): device groups with their devices, searchable; picking a device
// re-points every card that follows the device tree.
import { ApartmentOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const deviceTreeWidget: WidgetDefinition<'deviceTree'> = {
  type: 'deviceTree',
  i18nKey: 'dashboards.widgets.deviceTree.name',
  icon: ApartmentOutlined,
  defaultSize: { w: 4, h: 10 },
  defaultSettings: { group_id: null },
  links: [],
  fetches: [
    'GET /yun/dev/group',
    'GET /dev?registered=true&group_id=&q= (the first 200; a search asks the server)',
    'GET /rAlarmDev (active alarms, shared)',
    'socket: each device state, alarm pushes',
  ],
  component: preloadable(() => import('./device-tree-widget')),
  // A card following a tree shows its own setting until something is picked there: that is what is asked ahead.
  prefetch: ({ settings }, reads) => {
    reads.groups();
    reads.devices({ group_id: settings.group_id ?? undefined });
    reads.alarms({ deviceId: null, groupId: null });
  },
  settingsForm: lazy(() => import('./device-tree-settings')),
};

export default deviceTreeWidget;
