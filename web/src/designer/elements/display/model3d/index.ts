// The 3D model element (issue 38 point 1): a glTF model of the gallery's 3D models, drawn by components/model3d.
import type { ElementDefinition } from '../../types';
import { defaultStates } from '../../states-edit';
import { Model3dElement } from './model3d-element';
import { Model3dSettingsForm } from './model3d-settings';

export const model3dElement: ElementDefinition = {
  type: 'model3d',
  category: 'media',
  i18nKey: 'designer.elements.model3d',
  defaultSize: { w: 320, h: 240 },
  defaultSettings: () => ({ meshes: [], drives: [], spins: [] }),
  defaultStates: () => defaultStates('#00b42a', '#c9cdd4'),
  // The state's source; each drive and spin adds a key of its own (drive_1, spin_1 …).
  bindingKeys: ['value'],
  stateful: true,
  component: Model3dElement,
  settingsForm: Model3dSettingsForm,
};
