import { describe, expect, it } from 'vitest';

import { alarmLevelColor, alarmTypeColor, alarmTypeKey, canConfirm, isActive } from './tags';

describe('alarm tags', () => {
  it('colours the five levels from red to blue', () => {
    expect([1, 2, 3, 4, 5, 9].map(alarmLevelColor)).toEqual([
      'red',
      'volcano',
      'orange',
      'gold',
      'blue',
      'default',
    ]);
  });

  it('names and colours the types', () => {
    expect([1, 2, 3].map(alarmTypeKey)).toEqual([
      'telemetry.alarm.type.produced',
      'telemetry.alarm.type.recovered',
      'telemetry.alarm.type.confirmed',
    ]);
    expect(alarmTypeKey(0)).toBe('telemetry.alarm.type.unknown');
    expect([1, 2, 3, 4].map(alarmTypeColor)).toEqual(['error', 'warning', 'success', 'default']);
  });

  it('confirms what is not confirmed yet, and tells active from recovered', () => {
    expect(canConfirm({ alarm_type: 1, confirm_time: null })).toBe(true);
    expect(canConfirm({ alarm_type: 2, confirm_time: null })).toBe(true);
    expect(canConfirm({ alarm_type: 3, confirm_time: 5 })).toBe(false);
    expect(isActive({ recover_time: null })).toBe(true);
    expect(isActive({ recover_time: 5 })).toBe(false);
  });
});
