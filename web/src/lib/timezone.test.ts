// The console's one place of the time zone (issue 36 point 3): the user's effective zone, once set, is what every
// shared formatter, the history chart's axis and the server calls follow; without one, the browser's.
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';

import { buildHistoryOption } from '@/components/charts/history';
import { formatTime } from './telemetry/format';
import {
  browserZone,
  formatZoned,
  parseZoned,
  setUserZone,
  userZoneOrNull,
  viewerTz,
  viewerZone,
  zoned,
  zoneOffset,
  zoneShift,
} from './timezone';

// 2026-12-01 00:00 UTC: 08:00 in Shanghai, 00:00 in London (winter), 19:00 the day before in New York.
const AT = Date.UTC(2026, 11, 1, 0, 0);
const HOUR = 3_600_000;

afterEach(() => {
  setUserZone(null);
});

describe('without a user zone', () => {
  it('follows the browser as before', () => {
    expect(userZoneOrNull()).toBeNull();
    expect(viewerZone()).toBe(browserZone());
    expect(viewerTz(new Date(AT))).toBe(-new Date(AT).getTimezoneOffset() || 0);
    expect(formatZoned(AT, 'YYYY-MM-DD HH:mm')).toBe(dayjs(AT).format('YYYY-MM-DD HH:mm'));
    expect(zoneShift(AT)).toBeNull();
  });
});

describe('with a user zone', () => {
  it.each([
    ['Asia/Shanghai', '2026-12-01 08:00', 480],
    ['Europe/London', '2026-12-01 00:00', 0],
    ['America/New_York', '2026-11-30 19:00', -300],
    ['Asia/Kolkata', '2026-12-01 05:30', 330],
  ])('%s: times read its wall clock and the calls send it', (zone, text, offset) => {
    setUserZone(zone);
    expect(viewerZone()).toBe(zone);
    expect(viewerTz(new Date(AT))).toBe(offset);
    expect(zoneOffset(zone, AT)).toBe(offset);
    expect(formatZoned(AT, 'YYYY-MM-DD HH:mm')).toBe(text);
    // The shared formatters go through it: the tables' and the device screens'.
    expect(formatTime(AT)).toBe(text);
    expect(formatTime(new Date(AT).toISOString())).toBe(text);
    expect(formatTime(AT, 'YYYY-MM-DD HH:mm:ss')).toBe(`${text}:00`);
    expect(zoneShift(AT)).toBe(offset * 60_000);
  });

  it('keeps a wall-clock ISO time without a zone as written (a report category made in the zone)', () => {
    setUserZone('America/New_York');
    expect(formatTime('2026-12-01T08:00:00')).toBe('2026-12-01 08:00');
    expect(formatTime('2026-12-01T08:00:00+08:00')).toBe('2026-11-30 19:00');
  });

  it("starts a day at the user's midnight", () => {
    setUserZone('Asia/Shanghai');
    expect(parseZoned('2026-12-01 00:00').valueOf()).toBe(AT - 8 * HOUR);
    expect(
      zoned(AT + 20 * HOUR)
        .startOf('day')
        .valueOf(),
    ).toBe(AT + 16 * HOUR);
    setUserZone('Europe/London');
    expect(parseZoned('2026-12-01 00:00').valueOf()).toBe(AT);
    expect(
      zoned(AT + 20 * HOUR)
        .startOf('day')
        .valueOf(),
    ).toBe(AT);
  });

  it('follows daylight saving', () => {
    setUserZone('Europe/London');
    expect(viewerTz(new Date(Date.UTC(2026, 6, 1)))).toBe(60);
    expect(formatZoned(Date.UTC(2026, 6, 1, 12), 'HH:mm')).toBe('13:00');
  });

  it('ignores a zone the browser does not know, and sign-out goes back to the browser', () => {
    setUserZone('Mars/Olympus');
    expect(userZoneOrNull()).toBeNull();
    setUserZone('Asia/Tokyo');
    setUserZone(null);
    expect(viewerZone()).toBe(browserZone());
  });
});

describe("the history chart's hours", () => {
  const series = [
    { id: 1, name: 'p', unit: null, decimals: 1, points: [[AT, 1] as [number, number | null]] },
  ];

  interface Option {
    useUTC?: boolean;
    xAxis: { min: number; max: number };
    series: { data: [number, number | null][] }[];
    tooltip: { formatter: (p: unknown) => string };
  }

  it("are drawn on a UTC axis moved by the user's offset", () => {
    setUserZone('Asia/Shanghai');
    const china = buildHistoryOption(series, 'raw', [AT - HOUR, AT]) as unknown as Option;
    expect(china.useUTC).toBe(true);
    expect(china.series[0]?.data).toEqual([[AT + 8 * HOUR, 1]]);
    expect(china.xAxis.min).toBe(AT + 7 * HOUR);
    expect(china.tooltip.formatter([{ value: [AT + 8 * HOUR, 1], seriesIndex: 0 }])).toContain(
      '2026-12-01 08:00:00',
    );

    setUserZone('America/New_York');
    const york = buildHistoryOption(series, 'raw', [AT - HOUR, AT]) as unknown as Option;
    expect(york.series[0]?.data).toEqual([[AT - 5 * HOUR, 1]]);
    expect(york.tooltip.formatter([{ value: [AT - 5 * HOUR, 1], seriesIndex: 0 }])).toContain(
      '2026-11-30 19:00:00',
    );
  });

  it("are the browser's without a user zone (a share link)", () => {
    const plain = buildHistoryOption(series, 'raw', [AT - HOUR, AT]) as unknown as Option;
    expect(plain.useUTC).toBeUndefined();
    expect(plain.series[0]?.data).toEqual([[AT, 1]]);
  });
});
