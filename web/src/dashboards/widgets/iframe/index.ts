// The web page widget: an http(s) page framed in a sandbox, sending no referrer.
import { GlobalOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const iframeWidget: WidgetDefinition<'iframe'> = {
  type: 'iframe',
  i18nKey: 'dashboards.widgets.iframe.name',
  icon: GlobalOutlined,
  defaultSize: { w: 8, h: 9 },
  defaultSettings: { url: '' },
  links: [],
  fetches: [],
  component: preloadable(() => import('./iframe-widget')),
  settingsForm: lazy(() => import('./iframe-settings')),
};
