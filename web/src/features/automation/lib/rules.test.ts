import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import type { Rule } from '../api';
import {
  emptyRule,
  newAction,
  ruleValues,
  scheduleText,
  toRuleIn,
  triggerText,
  type RuleValues,
} from './rules';

const t = i18next.getFixedT('zh');

function rule(over: Partial<Rule> = {}): Rule {
  return {
    id: 7,
    name: 'High temperature',
    description: '',
    enabled: true,
    owner_id: 3,
    owner_name: 'admin',
    template_id: 2,
    scope: 'template',
    scope_id: null,
    trigger: { kind: 'threshold', source_id: 11, op: 'gt', value: 80, hold_s: 30, hysteresis: 2 },
    conditions: { join: 'and', items: [{ source_id: 12, op: 'eq', value: 1 }] },
    actions: [
      {
        kind: 'notify',
        user_ids: [3],
        role_ids: [],
        group_ids: [],
        channels: ['console', 'email'],
        text: '{alias}: {name} is {value}',
        delay_s: 0,
        repeat: 0,
        every_s: 0,
      },
    ],
    rate_per_minute: 6,
    last_fired_at: 1799222400000,
    fired_count: 3,
    error_count: 0,
    last_error: '',
    next_run_at: null,
    created_at: 1798761600000,
    updated_at: 1798761600000,
    ...over,
  };
}

describe('a rule between the form and the wire', () => {
  it('sends a saved rule back as it came', () => {
    const saved = rule();
    const expected = {
      name: saved.name,
      description: saved.description,
      template_id: saved.template_id,
      scope: saved.scope,
      scope_id: saved.scope_id,
      trigger: saved.trigger,
      conditions: saved.conditions,
      actions: saved.actions,
      rate_per_minute: saved.rate_per_minute,
    };
    expect(toRuleIn(ruleValues(saved))).toEqual(expected);
  });

  it('sends only the fields of the trigger’s and each action’s kind', () => {
    const values: RuleValues = {
      ...emptyRule(),
      name: '  Nightly  ',
      template_id: 2,
      scope: 'device',
      scope_id: 40,
      trigger: {
        kind: 'schedule',
        source_id: 11,
        schedule: { type: 'weekly', time: '08:30', weekdays: [5, 1], cron: 'x' },
      },
      actions: [
        { ...newAction('write'), source_id: 21, value: 1, repeat: 2, every_s: 60 },
        { ...newAction('forward'), target_id: 4, every_s: 30 },
      ],
    };
    expect(toRuleIn(values)).toEqual({
      name: 'Nightly',
      description: '',
      template_id: 2,
      scope: 'device',
      scope_id: 40,
      trigger: { kind: 'schedule', schedule: { type: 'weekly', time: '08:30', weekdays: [1, 5] } },
      conditions: { join: 'and', items: [] },
      actions: [
        { kind: 'write', source_id: 21, value: 1, delay_s: 0, repeat: 2, every_s: 60 },
        // No repeat: its interval is not sent.
        { kind: 'forward', target_id: 4, source_ids: [], delay_s: 0, repeat: 0, every_s: 0 },
      ],
      rate_per_minute: 6,
    });
  });

  it('sends no scope id for a rule of every device of its template', () => {
    expect(toRuleIn({ ...emptyRule(), template_id: 2, scope: 'template', scope_id: 9 }).scope_id).toBeNull();
  });
});

describe('a trigger in words', () => {
  const name = (id: number) => (id === 11 ? '温度' : `#${String(id)}`);

  it('says each kind', () => {
    expect(triggerText(t, rule().trigger, name)).toBe('温度 > 80，持续 30 秒');
    expect(triggerText(t, { kind: 'change', source_id: 12 }, name)).toBe('#12 变化时');
    expect(triggerText(t, { kind: 'offline' }, name)).toBe('设备离线时');
    expect(triggerText(t, { kind: 'alarm', event: 'produced', source_id: 11 }, name)).toBe('温度 告警产生时');
    expect(triggerText(t, { kind: 'alarm', event: 'recovered' }, name)).toBe('告警恢复时');
  });

  it('says a schedule', () => {
    expect(scheduleText(t, { type: 'daily', time: '02:00' })).toBe('每天 02:00');
    expect(scheduleText(t, { type: 'weekly', time: '08:30', weekdays: [1, 5] })).toBe('每周一、周五 08:30');
    expect(scheduleText(t, { type: 'cron', cron: '*/15 * * * *' })).toBe('Cron：*/15 * * * *');
  });
});
