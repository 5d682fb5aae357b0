// Placeholder until the fault widget lands (written beside this branch; replaced on merge): the registry's entry only.
import { AlertOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import type { WidgetDefinition } from '../types';

export const faultWidget: WidgetDefinition<'fault'> = {
  type: 'fault',
  i18nKey: 'dashboards.widgets.fault.name',
  icon: AlertOutlined,
  defaultSize: { w: 8, h: 9 },
  defaultSettings: { group_id: null, device_id: null, limit: 10 },
  links: ['device', 'group'],
  fetches: [],
  component: lazy(() => import('../placeholder')),
  settingsForm: lazy(() => import('../placeholder-settings')),
};
