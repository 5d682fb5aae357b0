// Placeholder until the map widget lands (written beside this branch; replaced on merge): the registry's entry only.
import { EnvironmentOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import type { WidgetDefinition } from '../types';

export const mapWidget: WidgetDefinition<'map'> = {
  type: 'map',
  i18nKey: 'dashboards.widgets.map.name',
  icon: EnvironmentOutlined,
  defaultSize: { w: 8, h: 12 },
  defaultSettings: { group_id: null },
  links: ['group'],
  fetches: [],
  component: lazy(() => import('../placeholder')),
  settingsForm: lazy(() => import('../placeholder-settings')),
};
