// The configuration widget (issue 31 point 3): a device's screen through the screens runtime, live, with its
// controls; a card following the device tree shows the picked device's screen.
import { ControlOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const configurationWidget: WidgetDefinition<'configuration'> = {
  type: 'configuration',
  i18nKey: 'dashboards.widgets.configuration.name',
  icon: ControlOutlined,
  defaultSize: { w: 8, h: 8 },
  defaultSettings: { device_id: null, screen_id: null },
  links: ['device'],
  fetches: [
    'GET /yun/v2/rDev/screens?device_id=',
    'the screens runtime: GET /rDev, GET /yun/v2/rDev/config, GET /rAlarmDev?device_id=, socket values',
  ],
  component: preloadable(() => import('./configuration-widget')),
  // A card following the device tree shows the picked device's screen: nothing is asked ahead for it.
  prefetch: (card, reads) => {
    if (card.link !== 'device' && card.settings.device_id != null) reads.screens(card.settings.device_id);
  },
  settingsForm: lazy(() => import('./configuration-settings')),
};

export default configurationWidget;
