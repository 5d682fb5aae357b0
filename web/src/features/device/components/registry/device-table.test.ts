import { describe, expect, it } from 'vitest';

import type { DeviceOut } from '../../types';
import { rowActions } from './device-table';

function device(patch: Partial<DeviceOut>): DeviceOut {
  return { can_manage: false, registered: true, relation: 'share', ...patch } as DeviceOut;
}

describe('row actions', () => {
  it('let the receiver of a share file it in a group of theirs or leave it', () => {
    expect(rowActions(device({}), false)).toEqual(['fileShare', 'cancelShare']);
    expect(rowActions(device({}), true)).toEqual(['fileShare', 'cancelShare']);
  });

  it('offer no filing for other relations', () => {
    expect(rowActions(device({ relation: 'distribution' }), false)).toEqual([]);
    expect(rowActions(device({ relation: 'group' }), true)).toEqual(['takeback']);
    expect(rowActions(device({ relation: 'owner', can_manage: true }), false)).not.toContain('fileShare');
  });
});
