// Placeholder until the groupTree widget lands (written beside this branch; replaced on merge): the registry's entry only.
import { PartitionOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import type { WidgetDefinition } from '../types';

export const groupTreeWidget: WidgetDefinition<'groupTree'> = {
  type: 'groupTree',
  i18nKey: 'dashboards.widgets.groupTree.name',
  icon: PartitionOutlined,
  defaultSize: { w: 6, h: 18 },
  defaultSettings: {},
  links: [],
  fetches: [],
  component: lazy(() => import('../placeholder')),
  settingsForm: lazy(() => import('../placeholder-settings')),
};
