// The group tree widget (issue 31 points 3 and 4): the device groups; picking one re-points every card that follows
// the group tree ("all devices" picks none).
import { ClusterOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const groupTreeWidget: WidgetDefinition<'groupTree'> = {
  type: 'groupTree',
  i18nKey: 'dashboards.widgets.groupTree.name',
  icon: ClusterOutlined,
  defaultSize: { w: 4, h: 8 },
  defaultSettings: {},
  links: [],
  fetches: ['GET /yun/dev/group'],
  component: preloadable(() => import('./group-tree-widget')),
  prefetch: (_card, reads) => {
    reads.groups();
  },
  settingsForm: lazy(() => import('./group-tree-settings')),
};

export default groupTreeWidget;
