// The time widget: the time now (the server's clock) in a chosen zone or the viewer's own.
import { ClockCircleOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const timeWidget: WidgetDefinition<'time'> = {
  type: 'time',
  i18nKey: 'dashboards.widgets.time.name',
  icon: ClockCircleOutlined,
  defaultSize: { w: 8, h: 3 },
  defaultSettings: { format: 'datetime', zone: null, font_size: 32 },
  links: [],
  fetches: [],
  component: preloadable(() => import('./time-widget')),
  settingsForm: lazy(() => import('./time-settings')),
};
