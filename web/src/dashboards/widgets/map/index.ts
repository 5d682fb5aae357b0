// The map widget (issue 31 point 3): the devices of a group, or every device the viewer reads, on the shared map,
// clustered, with their live state; a card following the group tree shows the picked group.
import { EnvironmentOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const mapWidget: WidgetDefinition<'map'> = {
  type: 'map',
  i18nKey: 'dashboards.widgets.map.name',
  icon: EnvironmentOutlined,
  defaultSize: { w: 8, h: 8 },
  defaultSettings: { group_id: null },
  links: ['group'],
  fetches: [
    'GET /dev/map?group_id= (every 60 s)',
    'GET /yun/dev/group (a chosen group still there)',
    'GET /rAlarmDev (active alarms, shared)',
    'socket: each device state, alarm pushes',
  ],
  component: preloadable(() => import('./map-widget')),
  // A card following a tree shows its own setting until something is picked there: that is what is asked ahead.
  prefetch: ({ settings }, reads) => {
    const groupId = settings.group_id ?? null;
    if (groupId !== null) reads.groups();
    reads.map(groupId);
    reads.alarms({ deviceId: null, groupId: null });
  },
  settingsForm: lazy(() => import('./map-settings')),
};

export default mapWidget;
