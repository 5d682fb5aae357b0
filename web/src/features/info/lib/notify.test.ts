import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import type { RuleOut } from '../api/notify';
import {
  crossesMidnight,
  durationText,
  fromMinute,
  matchParts,
  minuteText,
  quietText,
  randomSecret,
  ruleInput,
  toMinute,
  zoneOffset,
  zoneOptions,
} from './notify';

const zh = i18n.getFixedT('zh');
const en = i18n.getFixedT('en');

const RULE: RuleOut = {
  id: 4,
  name: '夜班',
  enabled: false,
  template_ids: [3, 4],
  source_ids: [31],
  device_group_ids: [],
  level_min: 1,
  level_max: 5,
  users: [{ id: 3, name: 'carol' }],
  roles: [{ id: 6, name: '运维' }],
  groups: [{ id: 8, name: '二车间' }],
  channels: ['webhook', 'wechat'],
  webhook_url: 'https://hooks.example.com/x',
  has_webhook_secret: true,
  has_wechat_url: false,
  wechat_url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
  quiet_start: 1380,
  quiet_end: 420,
  timezone: 'Europe/Berlin',
  on_recover: true,
  on_confirm: true,
  escalate_after: 45,
  escalate_users: [],
  escalate_roles: [{ id: 5, name: 'administrator2' }],
  escalate_groups: [],
  owner_name: null,
  created_at: 0,
  updated_at: 0,
};

describe('alarm notification helpers', () => {
  it('sends a rule back as it is, its write-only secret and robot URL kept ("")', () => {
    expect(ruleInput(RULE, { enabled: true })).toEqual({
      name: '夜班',
      enabled: true,
      template_ids: [3, 4],
      source_ids: [31],
      device_group_ids: [],
      level_min: 1,
      level_max: 5,
      user_ids: [3],
      role_ids: [6],
      group_ids: [8],
      channels: ['webhook', 'wechat'],
      webhook_url: 'https://hooks.example.com/x',
      webhook_secret: '',
      wechat_url: '',
      quiet_start: 1380,
      quiet_end: 420,
      timezone: 'Europe/Berlin',
      on_recover: true,
      on_confirm: true,
      escalate_after: 45,
      escalate_user_ids: [],
      escalate_role_ids: [5],
      escalate_group_ids: [],
    });
  });

  it('says an escalation’s delay in hours and minutes', () => {
    expect(durationText(zh, 30)).toBe('30 分钟');
    expect(durationText(zh, 120)).toBe('2 小时');
    expect(durationText(zh, 90)).toBe('1 小时 30 分钟');
    expect(durationText(en, 1)).toBe('1 min');
    expect(durationText(en, 150)).toBe('2 h 30 min');
  });

  it('turns minutes of the day into times and back', () => {
    expect(minuteText(0)).toBe('00:00');
    expect(minuteText(1439)).toBe('23:59');
    expect(minuteText(1320)).toBe('22:00');
    for (const minute of [0, 59, 360, 1320, 1439]) expect(toMinute(fromMinute(minute))).toBe(minute);
    expect(quietText(RULE)).toBe('23:00–07:00');
    expect(crossesMidnight(RULE)).toBe(true);
    expect(crossesMidnight({ quiet_start: 60, quiet_end: 120 })).toBe(false);
    expect(quietText({ quiet_start: null, quiet_end: null })).toBeNull();
  });

  it('says what a rule matches', () => {
    expect(matchParts(zh, RULE)).toEqual(['2 个模板', '1 个数据源']);
    expect(matchParts(en, { ...RULE, level_min: 3, level_max: 3, device_group_ids: [1] })).toEqual([
      'Level 3',
      '2 templates',
      '1 data source',
      '1 device group',
    ]);
    expect(matchParts(zh, { ...RULE, template_ids: [], source_ids: [], level_min: 2 })).toEqual(['2–5 级']);
    expect(matchParts(zh, { ...RULE, template_ids: [], source_ids: [] })).toEqual([]);
  });

  it('generates 32 letters and digits, a new one each time', () => {
    const a = randomSecret();
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(randomSecret()).not.toBe(a);
    expect(randomSecret(8)).toHaveLength(8);
  });

  it('offers the browser’s and the rule’s zones first, each with its offset', () => {
    expect(zoneOffset('Asia/Shanghai')).toBe('UTC+08:00');
    expect(zoneOffset('UTC')).toBe('UTC+00:00');
    expect(zoneOffset('Not/AZone')).toBeNull();
    const options = zoneOptions('America/Lima', 'Asia/Shanghai');
    expect(options[0]).toEqual({ value: 'America/Lima', label: 'America/Lima (UTC-05:00)' });
    expect(options.filter((o) => o.value === 'Asia/Shanghai')).toHaveLength(1);
  });
});
