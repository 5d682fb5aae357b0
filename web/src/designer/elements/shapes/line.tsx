// Line: a straight line across the middle of its box (rotate the element for any angle), solid or dashed.
import { FlickerSection } from '../flicker-field';
import { useFlicker } from '../flicker';
import { settingBoolean, settingNumber, settingString } from '../settings';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { AttachFields, StrokeFields } from './path-fields';
import { PathDrawing } from './path-drawing';
import type { Point } from './points';

const ACROSS: readonly Point[] = [
  [0, 50],
  [100, 50],
];

function LineElement({ element }: ElementRenderProps) {
  const { settings, placement } = element;
  const flicker = useFlicker(element.flicker);
  return (
    <PathDrawing
      points={ACROSS}
      w={placement.w}
      h={placement.h}
      stroke={settingString(settings, 'stroke', '#5b6470')}
      strokeWidth={settingNumber(settings, 'strokeWidth', 2)}
      dashed={settingBoolean(settings, 'dashed', false)}
      className={flicker.className}
      style={flicker.style}
    />
  );
}

function LineSettings({ element, onChange }: SettingsFormProps) {
  return (
    <>
      <AttachFields element={element} onChange={onChange} />
      <StrokeFields element={element} onChange={onChange} widthDefault={2} dashes />
      <FlickerSection element={element} onChange={onChange} />
    </>
  );
}

export const lineElement: ElementDefinition = {
  type: 'line',
  category: 'shape',
  i18nKey: 'designer.elements.line',
  defaultSize: { w: 160, h: 10 },
  defaultSettings: () => ({ stroke: '#5b6470', strokeWidth: 2, dashed: false }),
  bindingKeys: [],
  stateful: false,
  component: LineElement,
  settingsForm: LineSettings,
};
