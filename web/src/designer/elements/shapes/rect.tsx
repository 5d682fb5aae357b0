// Rectangle: a box with background, border, corner radius and an optional text (box-shape.tsx).
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { BoxShape, BoxShapeSettings, boxShapeSettings } from './box-shape';

function RectElement(props: ElementRenderProps) {
  return <BoxShape {...props} ellipse={false} />;
}

function RectSettings(props: SettingsFormProps) {
  return <BoxShapeSettings {...props} ellipse={false} />;
}

export const rectElement: ElementDefinition = {
  type: 'rect',
  category: 'shape',
  i18nKey: 'designer.elements.rect',
  defaultSize: { w: 120, h: 80 },
  defaultSettings: () => ({ ...boxShapeSettings(), radius: 0 }),
  bindingKeys: ['value'],
  stateful: true,
  component: RectElement,
  settingsForm: RectSettings,
};
