// The control and chart elements of the registry (issue 15 points 3 and 5), in palette order, and what the runtime
// hands them through context (control access, the device's alarms, trend history).
import type { ElementDefinition } from '../types';
import { alarmListElement } from './alarm-list';
import { buttonElement } from './button';
import { chartElement } from './chart';
import { gaugeElement } from './gauge';
import { setpointElement } from './setpoint';
import { switchElement } from './switch';

export {
  ControlAccessContext,
  DeviceAlarmsContext,
  TrendHistoryContext,
  type TrendHistory,
  type TrendPoint,
} from './context';
export { writeRules, type PasswordMode, type WriteRules } from './settings';
export { trendWindowMs } from './trend-option';
export { checkWrite, type ControlAccess } from './write-rules';

export const CONTROL_ELEMENTS: readonly ElementDefinition[] = [
  switchElement,
  buttonElement,
  setpointElement,
  gaugeElement,
  chartElement,
  alarmListElement,
];
