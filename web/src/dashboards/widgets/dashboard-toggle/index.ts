// The dashboard toggle widget: other dashboards' cards in this card, switched by hand or every `interval_s`.
import { SwapOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const dashboardToggleWidget: WidgetDefinition<'dashboardToggle'> = {
  type: 'dashboardToggle',
  i18nKey: 'dashboards.widgets.dashboardToggle.name',
  icon: SwapOutlined,
  defaultSize: { w: 8, h: 12 },
  defaultSettings: { dashboard_ids: [], interval_s: 0 },
  links: [],
  fetches: ['GET /api/yun/dashboard/detail'],
  component: preloadable(() => import('./toggle-widget')),
  shows: ({ settings }, dashboardId) =>
    (settings.dashboard_ids ?? []).find((id) => id !== dashboardId) ?? null,
  settingsForm: lazy(() => import('./toggle-settings')),
};
