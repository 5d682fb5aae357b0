import { describe, expect, it } from 'vitest';

import { STATE_COLORS } from '../../../components/map/markers';
import {
  buildGroupBarOption,
  buildStatePieOption,
  MAX_GROUP_BARS,
  onlineRate,
  STAT_LINKS,
} from './chart-options';

const labels = { online: 'On', offline: 'Off', unregistered: 'Unreg', total: 'Total' };

describe('state pie', () => {
  it('has one slice per state with the state colours and the total in the middle', () => {
    const option = buildStatePieOption({ total: 12, online: 7, offline: 3, unregistered: 2 }, labels) as {
      series: { type: string; data: { name: string; value: number; itemStyle: { color: string } }[] }[];
      title: { text: string; subtext: string };
    };
    expect(option.series[0]!.type).toBe('pie');
    expect(option.series[0]!.data).toEqual([
      { name: 'On', value: 7, itemStyle: { color: STATE_COLORS.online } },
      { name: 'Off', value: 3, itemStyle: { color: STATE_COLORS.offline } },
      { name: 'Unreg', value: 2, itemStyle: { color: STATE_COLORS.unregistered } },
    ]);
    expect(option.title).toMatchObject({ text: '12', subtext: 'Total' });
  });
});

describe('group bars', () => {
  it('stacks online and offline per group, biggest first', () => {
    const option = buildGroupBarOption(
      [
        { group_id: 1, group_name: 'A', online: 1, offline: 0 },
        { group_id: 2, group_name: 'B', online: 2, offline: 3 },
      ],
      labels,
    ) as { xAxis: { data: string[] }; series: { name: string; stack: string; data: number[] }[] };
    expect(option.xAxis.data).toEqual(['B', 'A']);
    expect(option.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['On', 'state', [2, 1]],
      ['Off', 'state', [3, 0]],
    ]);
  });

  it('keeps at most MAX_GROUP_BARS groups and names them through the callback', () => {
    const many = Array.from({ length: 20 }, (_v, i) => ({
      group_id: i,
      group_name: `g${i}`,
      online: i,
      offline: 0,
    }));
    const option = buildGroupBarOption(many, labels, (g) => g.group_name.toUpperCase()) as {
      xAxis: { data: string[] };
    };
    expect(option.xAxis.data).toHaveLength(MAX_GROUP_BARS);
    expect(option.xAxis.data[0]).toBe('G19');
  });
});

describe('stat helpers', () => {
  it('computes the online rate over registered devices', () => {
    expect(onlineRate({ online: 0, offline: 0 })).toBe(0);
    expect(onlineRate({ online: 2, offline: 1 })).toBe(66.7);
  });

  it('links the cards to the filtered lists', () => {
    expect(STAT_LINKS.online).toBe('/device/devgroup?dev_state=1');
    expect(STAT_LINKS.unregistered).toBe('/device/devgroup?registered=false');
    expect(STAT_LINKS.alarms).toBe('/info/realTimeFault');
  });
});
