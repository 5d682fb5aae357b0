// A 3D model card's settings as the screens' model3d element they mirror (issue 38 point 1): the card draws and edits
// its model with the element's own parts (Model3dView, Model3dSettingsForm), which read an element.
import { FLICKER_DEFAULT } from '@/designer/elements/flicker';
import type { SettingsFormProps } from '@/designer/elements/types';
import type { DesignElement } from '@/designer/model/types';
import type { SettingsOf } from '../types';

export type Model3dCardSettings = SettingsOf<'model3d'>;
type ElementPatch = Parameters<SettingsFormProps['onChange']>[0];

/** The one element a card draws: its model's settings, bindings and states. */
export function cardElement(settings: Model3dCardSettings): DesignElement {
  return {
    id: 'model3d',
    type: 'model3d',
    name: '',
    placement: { x: 0, y: 0, w: 1, h: 1, rotation: 0 },
    z: 0,
    group: null,
    locked: false,
    hidden: false,
    settings: settings.model ?? {},
    bindings: settings.bindings ?? {},
    states: settings.states ?? null,
    flicker: FLICKER_DEFAULT,
    actions: [],
    animations: [],
    attach: null,
  };
}

/** The card's settings after the element's form changed its model, bindings or states (the rest it has not). */
export function withElementPatch(settings: Model3dCardSettings, patch: ElementPatch): Model3dCardSettings {
  return {
    ...settings,
    ...(patch.settings ? { model: patch.settings } : {}),
    ...(patch.bindings ? { bindings: patch.bindings } : {}),
    ...(patch.states !== undefined ? { states: patch.states } : {}),
  };
}
