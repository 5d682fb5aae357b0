// The 3D model widget (issue 38 point 1): a gallery 3D model drawn for a device, as the screens' model3d element
// draws it (the state's colour on its nodes, drives and spins from the device's values), turned and zoomed by hand
// in a presentation; a card following the device tree draws for the picked device.
import { BoxPlotOutlined } from '@ant-design/icons';
import { lazy } from 'react';

import { preloadable } from '../preloadable';
import type { WidgetDefinition } from '../types';

export const model3dWidget: WidgetDefinition<'model3d'> = {
  type: 'model3d',
  i18nKey: 'dashboards.widgets.model3d.name',
  icon: BoxPlotOutlined,
  defaultSize: { w: 8, h: 8 },
  defaultSettings: {
    device_id: null,
    model: { meshes: [], drives: [], spins: [] },
    bindings: {},
    states: null,
  },
  links: ['device'],
  fetches: [
    'GET /rDev?device_id= (its values), socket values',
    "the model's files (GET /api/yun/resourcesInfo/model/file/…, or through a share link) while seen",
  ],
  component: preloadable(() => import('./model3d-widget')),
  settingsForm: lazy(() => import('./model3d-settings')),
};

export default model3dWidget;
