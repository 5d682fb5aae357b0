// Placeholder until the netMonitor widget lands (written beside this branch; replaced on merge): the registry's entry only.
import { WifiOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import type { WidgetDefinition } from '../types';

export const netMonitorWidget: WidgetDefinition<'netMonitor'> = {
  type: 'netMonitor',
  i18nKey: 'dashboards.widgets.netMonitor.name',
  icon: WifiOutlined,
  defaultSize: { w: 8, h: 9 },
  defaultSettings: { group_id: null },
  links: ['group'],
  fetches: [],
  component: lazy(() => import('../placeholder')),
  settingsForm: lazy(() => import('../placeholder-settings')),
};
