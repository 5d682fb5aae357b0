// Placeholder until the configuration widget lands (written beside this branch; replaced on merge): the registry's entry only.
import { DesktopOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import type { WidgetDefinition } from '../types';

export const configurationWidget: WidgetDefinition<'configuration'> = {
  type: 'configuration',
  i18nKey: 'dashboards.widgets.configuration.name',
  icon: DesktopOutlined,
  defaultSize: { w: 8, h: 12 },
  defaultSettings: { device_id: null, screen_id: null },
  links: ['device'],
  fetches: [],
  component: lazy(() => import('../placeholder')),
  settingsForm: lazy(() => import('../placeholder-settings')),
};
