// The traffic and online-time chart builders against small fixed answers: pure functions, no chart is drawn.
import { describe, expect, it } from 'vitest';

import type { Schema } from '@/types/schema';
import type { EChartsOption } from './echart';
import {
  bucketLabel,
  buildFlowUsageOption,
  buildOnlineDetailOption,
  buildOnlineGroupOption,
  headroom,
  msToHours,
  ratioPercent,
  ZOOM_CATEGORIES,
  type FlowDetail,
  type OnlineDetail,
} from './usage';

interface Series {
  id: string;
  type: string;
  data: unknown[];
  markLine?: { data: { name: string; yAxis: number }[] };
}

const seriesOf = (option: EChartsOption) => option.series as Series[];
const xLabels = (option: EChartsOption) => (option.xAxis as { data: string[] }).data;

const card: Schema<'FlowCardRow'> = {
  device_id: 7,
  sn: 'IOT7',
  name: 'Pump 7',
  group_id: 1,
  group_name: 'North',
  iccid: '898600000000000000',
  package_name: '1 GB',
  total_mb: 1024,
  used_mb: 900,
  remaining_mb: 124,
  warning_mb: 200,
  warning: true,
  status: 'normal',
  expiry_date: '2027-01-01',
};

const detail: FlowDetail = {
  card,
  categories: ['2026-11-01T00:00:00', '2026-11-02T00:00:00', '2026-11-03T00:00:00'],
  used: [100.123, 300, 500],
  used_total: [100.123, 400.123, 900.123],
  remaining: [923.877, 623.877, 123.877],
  warning_mb: 200,
};

const texts = { used: 'Used', cumulative: 'Cumulative', warning: 'Warning', total: 'Total', unit: 'MB' };

describe('buildFlowUsageOption', () => {
  it('draws the MB used per bucket as bars and the cumulative use as a line', () => {
    const option = buildFlowUsageOption(detail, 'day', texts);
    expect(xLabels(option)).toEqual(['11-01', '11-02', '11-03']);
    const [bars, line] = seriesOf(option);
    expect(bars).toMatchObject({ type: 'bar', id: 'used', yAxisIndex: 1, data: [100.12, 300, 500] });
    expect(line).toMatchObject({ type: 'line', id: 'cumulative', data: [100.12, 400.12, 900.12] });
    expect(line).not.toHaveProperty('yAxisIndex');
    // a bucket's few MB on their own scale, not flattened under the package's hundreds
    expect(option.yAxis).toHaveLength(2);
    const [left, right] = option.yAxis as { name: string; nameTextStyle: { align: string } }[];
    expect([left!.name, right!.name]).toEqual(['Cumulative (MB)', 'Used (MB)']);
    // the two names stay over their own side, so they do not meet on a phone
    expect([left!.nameTextStyle.align, right!.nameTextStyle.align]).toEqual(['left', 'right']);
    expect(option.dataZoom).toBeUndefined();
  });

  it('marks the warning point (total less the warning value) and the package total', () => {
    const marks = seriesOf(buildFlowUsageOption(detail, 'day', texts))[1]!.markLine!.data;
    expect(marks.map((m) => [m.name, m.yAxis])).toEqual([
      ['Warning', 824],
      ['Total', 1024],
    ]);
  });

  it('keeps the package line below the top of its axis, clear of the axis names', () => {
    const left = (
      buildFlowUsageOption(detail, 'day', texts).yAxis as { max: (v: { max: number }) => number }[]
    )[0]!;
    expect(left.max({ max: 900 })).toBe(1200);
    expect(headroom(1024)).toBe(1200);
    expect(headroom(87)).toBe(96);
  });

  it('draws no lines for a card without a package', () => {
    const bare = { ...detail, warning_mb: 0, card: { ...card, total_mb: 0, warning_mb: 0 } };
    const line = seriesOf(buildFlowUsageOption(bare, 'month', texts))[1]!;
    expect(line.markLine).toBeUndefined();
    const month = buildFlowUsageOption(bare, 'month', texts);
    expect(xLabels(month)[0]).toBe('2026-11');
  });

  it('zooms over many buckets', () => {
    const many = Array.from(
      { length: ZOOM_CATEGORIES + 1 },
      (_, i) => `2026-01-01T${String(i % 24).padStart(2, '0')}:00:00`,
    );
    const long = { ...detail, categories: many, used: many.map(() => 1), used_total: many.map(() => 1) };
    expect(buildFlowUsageOption(long, 'day', texts).dataZoom).toHaveLength(2);
  });
});

describe('buildOnlineGroupOption', () => {
  it('shows each group online ratio in percent, devices in no group named', () => {
    const option = buildOnlineGroupOption(
      [
        { group_id: 1, group_name: 'North', devices: 3, online_ms: 1, ratio: 0.87345 },
        { group_id: null, group_name: null, devices: 1, online_ms: 0, ratio: 0 },
      ],
      { ratio: 'Online', noGroup: 'No group' },
    );
    expect(xLabels(option)).toEqual(['North', 'No group']);
    expect(seriesOf(option)[0]!.data).toEqual([87.3, 0]);
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
  });
});

describe('buildOnlineDetailOption', () => {
  const online: OnlineDetail = {
    device: { device_id: 7, sn: 'IOT7', name: 'Pump 7', dev_state: 1 },
    categories: ['2026-11-01T00:00:00', '2026-11-01T01:00:00'],
    online_ms: [3_600_000, 1_800_000],
    periods: [],
  };

  it('draws online hours per bucket, capped at the bucket length', () => {
    const byHour = buildOnlineDetailOption(online, 'hour', { online: 'Online', unit: 'h' });
    expect(xLabels(byHour)).toEqual(['11-01 00:00', '11-01 01:00']);
    expect(seriesOf(byHour)[0]!.data).toEqual([1, 0.5]);
    expect(byHour.yAxis).toMatchObject({ max: 1 });
    expect(buildOnlineDetailOption(online, 'day', { online: 'Online', unit: 'h' }).yAxis).toMatchObject({
      max: 24,
    });
  });
});

describe('number and bucket helpers', () => {
  it('reads buckets, hours and ratios', () => {
    expect(bucketLabel('2026-11-03T14:00:00', 'hour')).toBe('11-03 14:00');
    expect(bucketLabel('2026-11-03T00:00:00', 'day')).toBe('11-03');
    expect(bucketLabel('2026-11-03T00:00:00', 'month')).toBe('2026-11');
    expect(msToHours(5_400_000)).toBe(1.5);
    expect(ratioPercent(1.2)).toBe(100);
    expect(ratioPercent(0.8734)).toBe(87.3);
  });
});
