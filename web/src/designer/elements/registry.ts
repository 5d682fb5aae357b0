// The element registry (DESIGN §7): every element type's definition, in palette order, and the palette's
// categories in order. The editor (palette, canvas, property panel) and the runtime read elements only from here.
//
// For the canvas and the runtime, per element: `state = elementState(element, values)` (states.ts) is passed as
// `state`, the component is drawn in the element's box, and `<AlarmIcon values={values} />` (alarm-icon.tsx) is
// drawn beside it; the video element reads the device's address from `VideoSourceContext`.
import { CONTROL_ELEMENTS } from './controls';
import { cameraElement } from './display/camera';
import { imageElement } from './display/image';
import { indicatorElement } from './display/indicator';
import { iframeElement } from './display/iframe';
import { linkElement } from './display/link';
import { model3dElement } from './display/model3d';
import { symbolElement } from './display/symbol';
import { tankElement } from './display/tank';
import { textElement } from './display/text';
import { timeElement } from './display/time';
import { valueElement } from './display/value';
import { videoElement } from './display/video';
import { ellipseElement } from './shapes/ellipse';
import { lineElement } from './shapes/line';
import { pipeElement } from './shapes/pipe';
import { polylineElement } from './shapes/polyline';
import { rectElement } from './shapes/rect';
import type { ElementCategory, ElementDefinition } from './types';

export const CATEGORIES: readonly ElementCategory[] = [
  'basic',
  'shape',
  'data',
  'control',
  'chart',
  'media',
  'symbol',
];

/** The display and shape elements (issue 15 points 3 and 4). */
export const BASE_ELEMENTS: readonly ElementDefinition[] = [
  textElement,
  timeElement,
  linkElement,
  rectElement,
  ellipseElement,
  lineElement,
  polylineElement,
  pipeElement,
  valueElement,
  indicatorElement,
  tankElement,
  imageElement,
  iframeElement,
  videoElement,
  model3dElement,
  cameraElement,
  symbolElement,
];

/** Every element: the display and shape elements, then the controls and charts (switch, button, input, gauge,
 * chart, alarm_list) of ./controls. */
export const ELEMENTS: readonly ElementDefinition[] = [...BASE_ELEMENTS, ...CONTROL_ELEMENTS];

const byType = new Map(ELEMENTS.map((definition) => [definition.type, definition]));

export function elementDefinition(type: string): ElementDefinition | undefined {
  return byType.get(type);
}

export interface PaletteGroup {
  category: ElementCategory;
  /** i18next key of the category's name (`designer.categories.<category>`). */
  i18nKey: string;
  definitions: ElementDefinition[];
}

/** The palette: the categories in order, each with its elements in registry order; empty categories left out. */
export function paletteGroups(elements: readonly ElementDefinition[] = ELEMENTS): PaletteGroup[] {
  return CATEGORIES.map((category) => ({
    category,
    i18nKey: `designer.categories.${category}`,
    definitions: elements.filter((definition) => definition.category === category),
  })).filter((group) => group.definitions.length > 0);
}
