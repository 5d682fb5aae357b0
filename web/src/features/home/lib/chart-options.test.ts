import { describe, expect, it } from 'vitest';

import { STATE_COLORS } from '@/components/map/markers';
import { buildGroupBars, buildStateSlices, MAX_GROUP_BARS, onlineRate, STAT_LINKS } from './chart-options';

const labels = { online: 'On', offline: 'Off', unregistered: 'Unreg', total: 'Total' };

describe('state slices', () => {
  it('has one slice per state, in the state colours', () => {
    expect(buildStateSlices({ online: 7, offline: 3, unregistered: 2 }, labels)).toEqual([
      { key: 'online', label: 'On', value: 7, color: STATE_COLORS.online },
      { key: 'offline', label: 'Off', value: 3, color: STATE_COLORS.offline },
      { key: 'unregistered', label: 'Unreg', value: 2, color: STATE_COLORS.unregistered },
    ]);
  });
});

describe('group bars', () => {
  it('stacks online and offline per group, biggest first', () => {
    const bars = buildGroupBars(
      [
        { group_id: 1, group_name: 'A', online: 1, offline: 0 },
        { group_id: 2, group_name: 'B', online: 2, offline: 3 },
      ],
      labels,
    );
    expect(bars.categories).toEqual(['B', 'A']);
    expect(bars.series.map((s) => [s.label, s.color, s.values])).toEqual([
      ['On', STATE_COLORS.online, [2, 1]],
      ['Off', STATE_COLORS.offline, [3, 0]],
    ]);
  });

  it('keeps at most MAX_GROUP_BARS groups and names them through the callback', () => {
    const many = Array.from({ length: 20 }, (_v, i) => ({
      group_id: i,
      group_name: `g${i}`,
      online: i,
      offline: 0,
    }));
    const bars = buildGroupBars(many, labels, (g) => (g.group_name ?? '').toUpperCase());
    expect(bars.categories).toHaveLength(MAX_GROUP_BARS);
    expect(bars.categories[0]).toBe('G19');
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
