// The report widget: a saved report's chart (the report chart registry, in the dashboard's chart theme), refreshed
// every `refresh_s` seconds or by the report's own interval; a card following the device tree draws a history report
// for the device picked there.
import { BarChartOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const reportWidget: WidgetDefinition<'report'> = {
  type: 'report',
  i18nKey: 'dashboards.widgets.report.name',
  icon: BarChartOutlined,
  defaultSize: { w: 8, h: 9 },
  defaultSettings: { report_id: null, refresh_s: 0 },
  links: ['device'],
  fetches: ['GET /api/yun/report/info', 'GET /api/yun/report/statistic'],
  component: preloadable(() => import('./report-widget')),
  // A card following the device tree may draw another device's statistic: only its definition is asked ahead.
  prefetch: (card, reads) => {
    if (card.settings.report_id != null) reads.report(card.settings.report_id, card.link !== 'device');
  },
  settingsForm: lazy(() => import('./report-settings')),
};
