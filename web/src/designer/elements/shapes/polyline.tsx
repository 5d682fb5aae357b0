// Polyline: a line through points given in the settings (percent of the box), drawn in SVG, with an optional flow
// of dashes whose direction and speed follow a bound value (flow.ts).
import { FlickerSection } from '../flicker-field';
import { useFlicker } from '../flicker';
import { settingBoolean, settingNumber, settingString } from '../settings';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { flowOf } from './flow';
import { AttachFields, FLOW_BINDING, FlowFields, PointsField, StrokeFields } from './path-fields';
import { PathDrawing } from './path-drawing';
import { readPoints, type Point } from './points';

const ZIGZAG: readonly Point[] = [
  [0, 100],
  [50, 0],
  [100, 100],
];

function PolylineElement({ element, mode, values }: ElementRenderProps) {
  const { settings, placement } = element;
  const flicker = useFlicker(element.flicker);
  const width = settingNumber(settings, 'strokeWidth', 2);
  const flow = settingBoolean(settings, 'flow', false)
    ? {
        stroke: settingString(settings, 'fluidColor', '#3491fa'),
        width,
        flow: flowOf(
          mode === 'edit' ? null : values[FLOW_BINDING]?.value,
          settingNumber(settings, 'speed', 20),
        ),
      }
    : undefined;
  return (
    <PathDrawing
      points={readPoints(settings, ZIGZAG)}
      w={placement.w}
      h={placement.h}
      stroke={settingString(settings, 'stroke', '#5b6470')}
      strokeWidth={width}
      dashed={settingBoolean(settings, 'dashed', false)}
      flow={flow}
      className={flicker.className}
      style={flicker.style}
    />
  );
}

function PolylineSettings(props: SettingsFormProps) {
  return (
    <>
      <AttachFields element={props.element} onChange={props.onChange} />
      <PointsField element={props.element} onChange={props.onChange} fallback={ZIGZAG} />
      <StrokeFields element={props.element} onChange={props.onChange} widthDefault={2} dashes />
      <FlowFields {...props} optional />
      <FlickerSection element={props.element} onChange={props.onChange} />
    </>
  );
}

export const polylineElement: ElementDefinition = {
  type: 'polyline',
  category: 'shape',
  i18nKey: 'designer.elements.polyline',
  defaultSize: { w: 160, h: 80 },
  defaultSettings: () => ({
    points: ZIGZAG.map(([x, y]) => [x, y]),
    stroke: '#5b6470',
    strokeWidth: 2,
    dashed: false,
    flow: false,
    fluidColor: '#3491fa',
    speed: 20,
  }),
  bindingKeys: [FLOW_BINDING],
  stateful: false,
  component: PolylineElement,
  settingsForm: PolylineSettings,
};
