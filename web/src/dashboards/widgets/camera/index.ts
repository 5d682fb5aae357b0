// The camera widget (issue 38 point 4): a device's live video, from one of its template's camera slots or its own
// video address; a card following the device tree plays the picked device's camera.
import { VideoCameraOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const cameraWidget: WidgetDefinition<'camera'> = {
  type: 'camera',
  i18nKey: 'video.camera.title',
  icon: VideoCameraOutlined,
  defaultSize: { w: 8, h: 6 },
  defaultSettings: { device_id: null, source: 'slot', slot: 0, muted: true },
  links: ['device'],
  fetches: [
    'GET /yun/v2/rDev/screens?device_id= (its template)',
    'GET /yun/module/video?template_id=, GET /third/party/live (a slot) or GET /dev/basic/{id} (the device address)',
    'the stream itself while seen',
  ],
  component: preloadable(() => import('./camera-widget')),
  settingsForm: lazy(() => import('./camera-settings')),
};

export default cameraWidget;
