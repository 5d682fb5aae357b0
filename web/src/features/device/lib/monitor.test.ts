import { describe, expect, it } from 'vitest';

import {
  advance,
  BASE_PLAY_MS,
  checkRange,
  indexAt,
  pathUntil,
  playbackRate,
  positionAt,
  sortTrack,
} from './map-playback';
import type { TrackPoint } from './monitor-types';
import {
  canAddGroup,
  clampDevices,
  stateCounts,
  THUMBNAIL_GROUPS_MAX,
  THUMBNAILS_PER_GROUP_MAX,
  withinDeviceLimit,
} from './thumbnail-limits';
import { canRepair, toFormValues, toInput } from './virtual-form';

const DAY = 86_400_000;
const track: TrackPoint[] = [
  { time: 1000, latitude: 30, longitude: 120, speed: 10 },
  { time: 2000, latitude: 31, longitude: 121, speed: 20 },
  { time: 4000, latitude: 33, longitude: 121, speed: null },
];

describe('track range', () => {
  it('accepts up to 31 days', () => {
    expect(checkRange(0, 31 * DAY)).toBeNull();
    expect(checkRange(0, 31 * DAY + 1)).toBe('tooLong');
    expect(checkRange(10, 5)).toBe('order');
  });
});

describe('track playback', () => {
  it('finds the point at or before a moment', () => {
    expect(indexAt(track, 500)).toBe(-1);
    expect(indexAt(track, 1000)).toBe(0);
    expect(indexAt(track, 3999)).toBe(1);
    expect(indexAt(track, 9000)).toBe(2);
  });

  it('interpolates between points and clamps at the ends', () => {
    expect(positionAt(track, 1500)).toMatchObject({ latitude: 30.5, longitude: 120.5, index: 0, speed: 10 });
    expect(positionAt(track, 3000)).toMatchObject({ latitude: 32, longitude: 121, index: 1 });
    expect(positionAt(track, 0)).toMatchObject({ latitude: 30, longitude: 120, index: 0 });
    expect(positionAt(track, 99_999)).toMatchObject({ latitude: 33, longitude: 121, index: 2 });
    expect(positionAt([], 1)).toBeNull();
  });

  it('draws the travelled path up to the head', () => {
    expect(pathUntil(track, 1500)).toEqual([
      [30, 120],
      [30.5, 120.5],
    ]);
    expect(pathUntil(track, 2000)).toEqual([
      [30, 120],
      [31, 121],
    ]);
    expect(pathUntil(track, 5000)).toHaveLength(3);
  });

  it('plays a long track in about a minute at 1× and steps by speed', () => {
    const day: TrackPoint[] = [
      { time: 0, latitude: 0, longitude: 0, speed: null },
      { time: DAY, latitude: 1, longitude: 1, speed: null },
    ];
    const rate = playbackRate(day);
    expect(rate).toBe(DAY / BASE_PLAY_MS);
    expect(advance(0, BASE_PLAY_MS, 1, rate, DAY)).toBe(DAY);
    expect(advance(0, 1000, 10, rate, DAY)).toBe(10_000 * rate);
    expect(advance(DAY - 1, 1000, 5, rate, DAY)).toBe(DAY);
    expect(advance(5, -10, 2, rate, DAY)).toBe(5);
    // A short track never plays faster than real time at 1×.
    expect(playbackRate(track)).toBe(1);
  });

  it('sorts unordered points', () => {
    expect(sortTrack([track[2]!, track[0]!]).map((p) => p.time)).toEqual([1000, 4000]);
  });
});

describe('thumbnail limits', () => {
  it('stops at 50 groups and 30 devices per group', () => {
    expect(THUMBNAIL_GROUPS_MAX).toBe(50);
    expect(THUMBNAILS_PER_GROUP_MAX).toBe(30);
    expect(canAddGroup(49)).toBe(true);
    expect(canAddGroup(50)).toBe(false);
    expect(withinDeviceLimit(new Array(30).fill(1))).toBe(true);
    expect(withinDeviceLimit(new Array(31).fill(1))).toBe(false);
  });

  it('keeps the chosen order when clamping', () => {
    const ids = Array.from({ length: 40 }, (_v, i) => 40 - i);
    const out = clampDevices([3, 1, 3, ...ids]);
    expect(out).toHaveLength(30);
    expect(out.slice(0, 3)).toEqual([3, 1, 40]);
  });

  it('counts states', () => {
    expect(
      stateCounts([
        { dev_state: 1, registered: true },
        { dev_state: 2, registered: true },
        { dev_state: 1, registered: true },
        { dev_state: null, registered: false },
      ]),
    ).toEqual({ online: 2, offline: 1, unregistered: 1 });
  });

  it('counts a device no longer available (gone) as none of them', () => {
    expect(
      stateCounts([
        { dev_state: 1, registered: true, available: true },
        { dev_state: null, registered: false, available: false },
      ]),
    ).toEqual({ online: 1, offline: 0, unregistered: 0 });
  });
});

describe('virtual device form', () => {
  it('sends one device for 1.0 and members for 2.0', () => {
    const base = { name: ' Pump A ', version: '1.0' as const, permissions: ['view' as const] };
    expect(toInput({ ...base, device_id: 7, member_ids: [1, 2], region: ['11', '1101'] })).toMatchObject({
      name: 'Pump A',
      device_id: 7,
      member_ids: [],
      province_code: '11',
      city_code: '1101',
      area_code: '',
    });
    expect(toInput({ ...base, version: '2.0', device_id: 7, member_ids: [1, 2] })).toMatchObject({
      device_id: null,
      member_ids: [1, 2],
    });
  });

  it('sends the chosen template, and null once it is cleared', () => {
    const base = { name: 'v', version: '1.0' as const, permissions: ['view' as const] };
    expect(toInput({ ...base, template_id: 12 }).template_id).toBe(12);
    expect(toInput({ ...base, template_id: null }).template_id).toBeNull();
    expect(toInput(base).template_id).toBeNull();
  });

  it('starts a new one as 1.0 with view and history', () => {
    expect(toFormValues(null)).toMatchObject({ version: '1.0', permissions: ['view', 'history'] });
  });

  it('offers repair only for abnormal 1.0 devices', () => {
    expect(canRepair({ version: '1.0', binding_state: 'abnormal' })).toBe(true);
    expect(canRepair({ version: '2.0', binding_state: 'abnormal' })).toBe(false);
    expect(canRepair({ version: '1.0', binding_state: 'normal' })).toBe(false);
  });
});
