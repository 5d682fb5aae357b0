// The weather widget: now and the next days at a place, from the server's configured provider (119002: none).
import { CloudOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const weatherWidget: WidgetDefinition<'weather'> = {
  type: 'weather',
  i18nKey: 'dashboards.widgets.weather.name',
  icon: CloudOutlined,
  defaultSize: { w: 8, h: 6 },
  defaultSettings: { city: '', lat: 31.23, lon: 121.47, days: 3 },
  links: [],
  fetches: ['GET /api/weather/now', 'GET /api/weather/daily'],
  component: preloadable(() => import('./weather-widget')),
  prefetch: ({ settings }, reads) => {
    reads.weather(settings.lat, settings.lon, settings.days);
  },
  settingsForm: lazy(() => import('./weather-settings')),
};
