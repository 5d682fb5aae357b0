// The net monitor widget (issue 31 point 3): online, offline and alarm counts of a device group or of every device
// the viewer reads, and its flow cards' traffic, in big numbers; a card following the group tree shows the picked
// group's.
import { DashboardOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const netMonitorWidget: WidgetDefinition<'netMonitor'> = {
  type: 'netMonitor',
  i18nKey: 'dashboards.widgets.netMonitor.name',
  icon: DashboardOutlined,
  defaultSize: { w: 8, h: 4 },
  defaultSettings: { group_id: null },
  links: ['group'],
  fetches: [
    'GET /yun/dashboard/net?group_id= (devices by state and unconfirmed alarms, every 30 s)',
    'GET /yun/flow/analysis?page_size=1&group_id= (the traffic totals, every 30 s)',
    'GET /yun/dev/group (a chosen group still there)',
  ],
  component: preloadable(() => import('./net-monitor-widget')),
  // A card following a tree shows its own setting until something is picked there: that is what is asked ahead.
  prefetch: ({ settings }, reads) => {
    const groupId = settings.group_id ?? null;
    if (groupId !== null) reads.groups();
    reads.net(groupId);
  },
  settingsForm: lazy(() => import('./net-monitor-settings')),
};

export default netMonitorWidget;
