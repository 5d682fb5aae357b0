import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/http';
import { isGone } from './gone';
import { targetDevice, targetGroup, targetScope } from './target';
import { linkage } from './widget.fixtures';

describe('which device or group a card shows', () => {
  const picked = linkage({ deviceId: 8, groupId: 4 });
  const none = linkage();

  it('follows the tree it is linked to once something is picked there, its own setting otherwise', () => {
    expect(targetDevice('device', 7, picked)).toBe(8);
    expect(targetDevice('device', 7, none)).toBe(7);
    expect(targetDevice('none', 7, picked)).toBe(7);
    expect(targetDevice('group', undefined, picked)).toBeNull();
    expect(targetGroup('group', 3, picked)).toBe(4);
    expect(targetGroup('group', null, none)).toBeNull();
    expect(targetGroup('device', 3, picked)).toBe(3);
  });

  it('gives a fault card one scope: the pick, else its device, else its group, else all', () => {
    expect(targetScope('device', { group_id: 3 }, picked)).toEqual({ kind: 'device', deviceId: 8 });
    expect(targetScope('group', { device_id: 7 }, picked)).toEqual({ kind: 'group', groupId: 4 });
    expect(targetScope('group', { device_id: 7 }, none)).toEqual({ kind: 'device', deviceId: 7 });
    expect(targetScope('none', { group_id: 3 }, picked)).toEqual({ kind: 'group', groupId: 3 });
    expect(targetScope('none', {}, picked)).toEqual({ kind: 'all' });
  });
});

describe('gone', () => {
  it('is the server’s not found for a device, a group, a screen or any record', () => {
    for (const code of ['110506', '112005', '115201', '100005'])
      expect(isGone(new ApiError({ code, detail: '' })), code).toBe(true);
    expect(isGone(new ApiError({ code: '100003', detail: '' }))).toBe(false);
    expect(isGone(new Error('network'))).toBe(false);
  });
});
