import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { DEVICE_LOG_ACTIONS, deviceActionLabel, detailEntries } from './log-actions';

const zh = i18n.getFixedT('zh');
const en = i18n.getFixedT('en');

describe('device log details', () => {
  it('names users and groups, translates keys, fields and results', () => {
    const names = { 'user:2': 'bob', 'group:5': '配电房' };
    expect(detailEntries({ user_ids: [2, 9], can_write: true }, zh, names)).toEqual([
      ['用户', 'bob、未知'],
      ['可写', '是'],
    ]);
    expect(detailEntries({ group_id: 5 }, en, names)).toEqual([['Group', '配电房']]);
    expect(detailEntries({ fields: ['alias', 'address'] }, en)).toEqual([['Changed', 'Alias, Address']]);
    expect(
      detailEntries({ data_source_id: 41, name: '出水压力', old_value: 0.4, value: 0.6, result: 'ok' }, zh),
    ).toEqual([
      ['变量', '出水压力'],
      ['原值', '0.4'],
      ['新值', '0.6'],
      ['结果', '成功'],
    ]);
  });

  it('has a label for every action in both languages', () => {
    for (const t of [zh, en])
      for (const action of DEVICE_LOG_ACTIONS) {
        const key = `device.log.action.${action}`;
        expect(t(key), action).not.toBe(key);
        expect(deviceActionLabel(t, action)).toBe(t(key));
        // The home page's recent events name them too.
        expect(t(`home.events.action.${action}`), `home ${action}`).not.toBe(`home.events.action.${action}`);
      }
  });
});
