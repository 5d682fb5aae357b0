// Placeholder until the deviceTree widget lands (written beside this branch; replaced on merge): the registry's entry only.
import { ClusterOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import type { WidgetDefinition } from '../types';

export const deviceTreeWidget: WidgetDefinition<'deviceTree'> = {
  type: 'deviceTree',
  i18nKey: 'dashboards.widgets.deviceTree.name',
  icon: ClusterOutlined,
  defaultSize: { w: 6, h: 18 },
  defaultSettings: { group_id: null },
  links: ['group'],
  fetches: [],
  component: lazy(() => import('../placeholder')),
  settingsForm: lazy(() => import('../placeholder-settings')),
};
