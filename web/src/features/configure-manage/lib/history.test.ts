import { describe, expect, it } from 'vitest';

import { historyActionKey, historySubject } from './history';

describe('history', () => {
  it('knows the logged actions', () => {
    expect(historyActionKey('publish')).toBe('configure.middleware.action.publish');
    expect(historyActionKey('screen_order')).toBe('configure.middleware.action.screen_order');
    expect(historyActionKey('screen_restore')).toBe('configure.middleware.action.screen_restore');
    expect(historyActionKey('something_new')).toBeNull();
  });

  it('picks the subject of an entry', () => {
    expect(historySubject({ name: 'Main', kind: 'web' })).toBe('Main');
    expect(historySubject({ from: 3, from_name: 'Pump' })).toBe('Pump');
    expect(historySubject({ version: 2 })).toBe('');
    expect(historySubject({ device_ids: [1, 2], sn_codes: ['A1', 'B2'] })).toBe('A1, B2');
    expect(historySubject({ sn_codes: ['A', 'B', 'C', 'D'] })).toBe('A, B, C …');
    expect(historySubject({ sn_codes: [] })).toBe('');
  });
});
