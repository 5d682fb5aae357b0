// What the home page's two charts draw, built by pure functions (tested without a DOM): the device states as donut
// slices and the devices per group as stacked bars (components/charts: plain SVG, the home page loads no ECharts).
import type { DonutSlice } from '@/components/charts/donut-chart';
import type { BarSeries } from '@/components/charts/stacked-bar-chart';
import { STATE_COLORS } from '@/components/map/markers';
import type { StateInfo } from '../types';

export interface StateLabels {
  online: string;
  offline: string;
  unregistered: string;
  total: string;
}

/** Slices of online / offline / unregistered devices, in the states' colours. */
export function buildStateSlices(
  info: Pick<StateInfo, 'online' | 'offline' | 'unregistered'>,
  labels: StateLabels,
): DonutSlice[] {
  return (['online', 'offline', 'unregistered'] as const).map((key) => ({
    key,
    label: labels[key],
    value: info[key],
    color: STATE_COLORS[key],
  }));
}

export const MAX_GROUP_BARS = 12;

/** Online and offline devices per group, stacked (the largest groups first, at most MAX_GROUP_BARS). */
export function buildGroupBars(
  byGroup: StateInfo['by_group'],
  labels: Pick<StateLabels, 'online' | 'offline'>,
  groupName: (group: StateInfo['by_group'][number]) => string = (g) => g.group_name ?? '',
): { categories: string[]; series: BarSeries[] } {
  const groups = [...byGroup]
    .sort((a, b) => b.online + b.offline - (a.online + a.offline))
    .slice(0, MAX_GROUP_BARS);
  return {
    categories: groups.map(groupName),
    series: (['online', 'offline'] as const).map((key) => ({
      key,
      label: labels[key],
      color: STATE_COLORS[key],
      values: groups.map((g) => g[key]),
    })),
  };
}

/** Where each stat card leads: the device list filtered as the card counts (devgroup reads these params). */
export const STAT_LINKS = {
  total: '/device/devgroup',
  online: '/device/devgroup?dev_state=1',
  offline: '/device/devgroup?dev_state=2',
  unregistered: '/device/devgroup?registered=false',
  virtual: '/device/virtualDevice',
  templates: '/configureManage/devTemplate',
  alarms: '/info/realTimeFault',
} as const;

/** Online share in percent, one decimal; 0 when no registered device. */
export function onlineRate(info: Pick<StateInfo, 'online' | 'offline'>): number {
  const registered = info.online + info.offline;
  return registered === 0 ? 0 : Math.round((info.online / registered) * 1000) / 10;
}
