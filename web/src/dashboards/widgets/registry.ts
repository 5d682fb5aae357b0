// The widget registry (DESIGN §9, issue 31 point 3): SPEC §1's 13 widget types, each `type → definition`
// (types.ts). Each type lives in its own folder; its component and settings form are lazy chunks, so the palette and
// the presentation load only the types a dashboard uses.
import { WIDGET_TYPES } from '@/types/limits.gen';
import { cameraWidget } from './camera';
import { configurationWidget } from './configuration';
import { containerWidget } from './container';
import { dashboardToggleWidget } from './dashboard-toggle';
import { deviceTreeWidget } from './device-tree';
import { faultWidget } from './fault';
import { groupTreeWidget } from './group-tree';
import { iframeWidget } from './iframe';
import { mapWidget } from './map';
import { model3dWidget } from './model3d';
import { netMonitorWidget } from './net-monitor';
import { reportWidget } from './report';
import { textWidget } from './text';
import { timeWidget } from './time';
import { weatherWidget } from './weather';
import type { WidgetDefinition, WidgetType } from './types';

export const WIDGETS: { readonly [T in WidgetType]: WidgetDefinition<T> } = {
  report: reportWidget,
  map: mapWidget,
  configuration: configurationWidget,
  fault: faultWidget,
  text: textWidget,
  time: timeWidget,
  weather: weatherWidget,
  iframe: iframeWidget,
  container: containerWidget,
  netMonitor: netMonitorWidget,
  dashboardToggle: dashboardToggleWidget,
  deviceTree: deviceTreeWidget,
  groupTree: groupTreeWidget,
  camera: cameraWidget,
  model3d: model3dWidget,
};

/** The types in the server's order (SPEC §1), as the palette lists them. */
export const WIDGET_ORDER = WIDGET_TYPES as readonly WidgetType[];

export function isWidgetType(value: unknown): value is WidgetType {
  return typeof value === 'string' && Object.hasOwn(WIDGETS, value);
}

/** The definition of `type`, typed loosely for code that handles any card (the view, the editor). */
export function widgetOf<T extends WidgetType>(type: T): WidgetDefinition<T>;
export function widgetOf(type: WidgetType): WidgetDefinition;
export function widgetOf(type: WidgetType): WidgetDefinition {
  return WIDGETS[type] as unknown as WidgetDefinition;
}
