import { describe, expect, it } from 'vitest';

import { initialChoice, SHARED_WITH_ME, showSharedEntry, toGroupId } from './share-group';

describe('filing a received share', () => {
  it('maps "Shared with me" to no group and a group to its id', () => {
    expect(toGroupId(SHARED_WITH_ME)).toBeNull();
    expect(toGroupId(7)).toBe(7);
  });

  it('starts from the caller group the device shows in, else "Shared with me"', () => {
    const groups = [{ id: 3 }, { id: 7 }];
    expect(initialChoice({ group_id: 7 }, groups)).toBe(7);
    expect(initialChoice({ group_id: null }, groups)).toBe(SHARED_WITH_ME);
    // A group that is not one of the caller's (not listed to them) is not offered.
    expect(initialChoice({ group_id: 99 }, groups)).toBe(SHARED_WITH_ME);
  });

  it('shows the group list entry while unfiled shares wait or while it is selected', () => {
    expect(showSharedEntry(undefined, false)).toBe(false);
    expect(showSharedEntry(0, false)).toBe(false);
    expect(showSharedEntry(2, false)).toBe(true);
    expect(showSharedEntry(0, true)).toBe(true);
  });
});
