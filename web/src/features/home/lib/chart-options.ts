// ECharts options of the home page, built by pure functions (tested without a DOM).
import type { EChartsOption } from '../../../components/charts/echart';
import { STATE_COLORS } from '../../../components/map/markers';
import type { StateInfo } from '../types';

export interface StateLabels {
  online: string;
  offline: string;
  unregistered: string;
  total: string;
}

/** Doughnut of online / offline / unregistered devices with the total in the middle. */
export function buildStatePieOption(
  info: Pick<StateInfo, 'online' | 'offline' | 'unregistered' | 'total'>,
  labels: StateLabels,
): EChartsOption {
  const data = (['online', 'offline', 'unregistered'] as const).map((key) => ({
    name: labels[key],
    value: info[key],
    itemStyle: { color: STATE_COLORS[key] },
  }));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, icon: 'circle', itemWidth: 10, itemHeight: 10 },
    title: {
      text: String(info.total),
      subtext: labels.total,
      left: 'center',
      top: '34%',
      itemGap: 4,
      textStyle: { fontSize: 26, fontWeight: 600, color: '#1d2129' },
      subtextStyle: { fontSize: 12, color: '#86909c' },
    },
    series: [
      {
        type: 'pie',
        radius: ['52%', '72%'],
        center: ['50%', '44%'],
        avoidLabelOverlap: true,
        label: { show: false },
        labelLine: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data,
      },
    ],
  };
}

export const MAX_GROUP_BARS = 12;

/** Stacked bars of online / offline devices per group (the largest groups first, at most MAX_GROUP_BARS). */
export function buildGroupBarOption(
  byGroup: StateInfo['by_group'],
  labels: Pick<StateLabels, 'online' | 'offline'>,
  groupName: (group: StateInfo['by_group'][number]) => string = (g) => g.group_name,
): EChartsOption {
  const groups = [...byGroup]
    .sort((a, b) => b.online + b.offline - (a.online + a.offline))
    .slice(0, MAX_GROUP_BARS);
  const names = groups.map(groupName);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, right: 0, icon: 'circle', itemWidth: 10, itemHeight: 10 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: names,
      axisTick: { show: false },
      axisLabel: { interval: 0, hideOverlap: true, width: 80, overflow: 'truncate' },
    },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    series: [
      {
        name: labels.online,
        type: 'bar',
        stack: 'state',
        barMaxWidth: 36,
        itemStyle: { color: STATE_COLORS.online },
        data: groups.map((g) => g.online),
      },
      {
        name: labels.offline,
        type: 'bar',
        stack: 'state',
        barMaxWidth: 36,
        itemStyle: { color: STATE_COLORS.offline, borderRadius: [4, 4, 0, 0] },
        data: groups.map((g) => g.offline),
      },
    ],
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
