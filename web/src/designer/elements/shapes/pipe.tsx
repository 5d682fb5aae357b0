// Pipe: a wall, an interior and the fluid's dashes along points in the settings; the dashes flow in the direction of
// the bound value's sign at a speed that follows its magnitude, and stand still at 0 or without a value (flow.ts).
// On the canvas the dashes stand still: the look, not the motion, is being drawn.
import { FlickerSection } from '../flicker-field';
import { useFlicker } from '../flicker';
import { settingNumber, settingString } from '../settings';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { flowOf } from './flow';
import { AttachFields, FLOW_BINDING, FlowFields, PointsField, StrokeFields } from './path-fields';
import { PathDrawing } from './path-drawing';
import { readPoints, type Point } from './points';

const STRAIGHT: readonly Point[] = [
  [0, 50],
  [100, 50],
];
const WALL = 2;

function PipeElement({ element, mode, values }: ElementRenderProps) {
  const { settings, placement } = element;
  const flicker = useFlicker(element.flicker);
  const width = settingNumber(settings, 'strokeWidth', 12);
  const inner = Math.max(1, width - WALL * 2);
  return (
    <PathDrawing
      points={readPoints(settings, STRAIGHT)}
      w={placement.w}
      h={placement.h}
      casing={{ stroke: settingString(settings, 'stroke', '#5b6470'), width }}
      stroke={settingString(settings, 'fillColor', '#d5d9de')}
      strokeWidth={inner}
      flow={{
        stroke: settingString(settings, 'fluidColor', '#3491fa'),
        width: Math.max(1, inner * 0.5),
        flow: flowOf(
          mode === 'edit' ? null : values[FLOW_BINDING]?.value,
          settingNumber(settings, 'speed', 20),
        ),
      }}
      className={flicker.className}
      style={flicker.style}
    />
  );
}

function PipeSettings(props: SettingsFormProps) {
  return (
    <>
      <FlowFields {...props} />
      <AttachFields element={props.element} onChange={props.onChange} />
      <PointsField element={props.element} onChange={props.onChange} fallback={STRAIGHT} />
      <StrokeFields element={props.element} onChange={props.onChange} widthDefault={12} fill />
      <FlickerSection element={props.element} onChange={props.onChange} />
    </>
  );
}

export const pipeElement: ElementDefinition = {
  type: 'pipe',
  category: 'shape',
  i18nKey: 'designer.elements.pipe',
  defaultSize: { w: 200, h: 24 },
  defaultSettings: () => ({
    points: STRAIGHT.map(([x, y]) => [x, y]),
    stroke: '#5b6470',
    fillColor: '#d5d9de',
    fluidColor: '#3491fa',
    strokeWidth: 12,
    speed: 20,
  }),
  bindingKeys: [FLOW_BINDING],
  stateful: false,
  component: PipeElement,
  settingsForm: PipeSettings,
};
