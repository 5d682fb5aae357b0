// The text widget: a heading or a note in the card's own size, colour and alignment.
import { FontSizeOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const textWidget: WidgetDefinition<'text'> = {
  type: 'text',
  i18nKey: 'dashboards.widgets.text.name',
  icon: FontSizeOutlined,
  defaultSize: { w: 8, h: 3 },
  defaultSettings: { text: '', font_size: 24, color: '', align: 'center', bold: false },
  links: [],
  fetches: [],
  component: preloadable(() => import('./text-widget')),
  settingsForm: lazy(() => import('./text-settings')),
};
