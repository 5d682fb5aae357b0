// Ellipse: the box of box-shape.tsx with fully rounded corners (a circle when square).
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { BoxShape, BoxShapeSettings, boxShapeSettings } from './box-shape';

function EllipseElement(props: ElementRenderProps) {
  return <BoxShape {...props} ellipse />;
}

function EllipseSettings(props: SettingsFormProps) {
  return <BoxShapeSettings {...props} ellipse />;
}

export const ellipseElement: ElementDefinition = {
  type: 'ellipse',
  category: 'shape',
  i18nKey: 'designer.elements.ellipse',
  defaultSize: { w: 80, h: 80 },
  defaultSettings: boxShapeSettings,
  bindingKeys: ['value'],
  stateful: true,
  component: EllipseElement,
  settingsForm: EllipseSettings,
};
