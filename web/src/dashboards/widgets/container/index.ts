// The container widget: tabs, each holding one card of another type, switched by hand or every `interval_s`.
import { ContainerOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const containerWidget: WidgetDefinition<'container'> = {
  type: 'container',
  i18nKey: 'dashboards.widgets.container.name',
  icon: ContainerOutlined,
  defaultSize: { w: 8, h: 12 },
  defaultSettings: { tabs: [], interval_s: 0 },
  links: [],
  fetches: [],
  component: preloadable(() => import('./container-widget')),
  settingsForm: lazy(() => import('./container-settings')),
};
