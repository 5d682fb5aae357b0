// A rule between its form and the wire (docs/api-automations.md): the form's values mirror RuleIn's names (so a
// server error's field, `actions.2.source_id`, is the form's name path), loose where the wire is a union; the
// trigger in words for the list; the options the form offers.
import type { TFunction } from 'i18next';

import type {
  Action,
  ActionKind,
  AlarmEvent,
  CompareOp,
  NotifyChannel,
  Rule,
  RuleIn,
  RuleScope,
  Schedule,
  Trigger,
  TriggerKind,
} from '../api';

export const TRIGGER_KINDS: readonly TriggerKind[] = [
  'threshold',
  'change',
  'online',
  'offline',
  'alarm',
  'schedule',
];
export const ACTION_KINDS: readonly ActionKind[] = ['write', 'notify', 'webhook', 'alarm', 'forward'];
export const OPS: readonly CompareOp[] = ['gt', 'ge', 'lt', 'le', 'eq', 'ne'];
export const ALARM_EVENTS: readonly AlarmEvent[] = ['produced', 'recovered', 'confirmed'];
export const CHANNELS: readonly NotifyChannel[] = ['console', 'email', 'sms'];
export const SCOPES: readonly RuleScope[] = ['template', 'group', 'device'];
/** 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** The placeholders a notification's text may hold. */
export const PLACEHOLDERS = ['{alias}', '{sn}', '{name}', '{value}', '{rule}'] as const;

/** The contract's bounds (docs/api-automations.md). */
export const LIMITS = {
  nameMax: 64,
  conditionsMax: 10,
  actionsMin: 1,
  actionsMax: 10,
  holdMax: 86_400,
  delayMax: 86_400,
  repeatMax: 10,
  everyMin: 10,
  everyMax: 86_400,
  rateMin: 1,
  rateMax: 60,
  textMax: 500,
  alarmNameMax: 32,
  alarmInfoMax: 200,
  rulesPerTenant: 200,
  targetsPerTenant: 50,
  dryRunDays: 31,
} as const;

export const OP_SIGNS: Record<CompareOp, string> = { gt: '>', ge: '≥', lt: '<', le: '≤', eq: '=', ne: '≠' };

export type ScheduleType = Schedule['type'];

export interface TriggerValues {
  kind: TriggerKind;
  source_id?: number | null;
  op?: CompareOp;
  value?: number | null;
  hold_s?: number | null;
  hysteresis?: number | null;
  event?: AlarmEvent;
  schedule?: { type: ScheduleType; time?: string; weekdays?: number[]; cron?: string };
}

export interface ConditionValues {
  source_id?: number | null;
  op?: CompareOp;
  value?: number | null;
}

export interface ActionValues {
  kind: ActionKind;
  source_id?: number | null;
  value?: number | null;
  user_ids?: number[];
  role_ids?: number[];
  group_ids?: number[];
  channels?: NotifyChannel[];
  text?: string;
  subscription_id?: number | null;
  mode?: 'raise' | 'recover';
  name?: string;
  level?: number | null;
  info?: string;
  target_id?: number | null;
  source_ids?: number[];
  delay_s?: number | null;
  repeat?: number | null;
  every_s?: number | null;
}

export interface RuleValues {
  name: string;
  description: string;
  template_id: number | null;
  scope: RuleScope;
  scope_id: number | null;
  trigger: TriggerValues;
  conditions: { join: 'and' | 'or'; items: ConditionValues[] };
  actions: ActionValues[];
  rate_per_minute: number | null;
}

/** A new action of `kind`: every field its form shows, empty. */
export function newAction(kind: ActionKind = 'notify'): ActionValues {
  const timing = { delay_s: 0, repeat: 0, every_s: 0 };
  switch (kind) {
    case 'write':
      return { kind, source_id: null, value: null, ...timing };
    case 'notify':
      return { kind, user_ids: [], role_ids: [], group_ids: [], channels: ['console'], text: '', ...timing };
    case 'webhook':
      return { kind, subscription_id: null, ...timing };
    case 'alarm':
      return { kind, mode: 'raise', name: '', level: 3, info: '', ...timing };
    case 'forward':
      return { kind, target_id: null, source_ids: [], ...timing };
  }
}

/** A new trigger of `kind`, its fields at their defaults. */
export function newTrigger(kind: TriggerKind = 'threshold'): TriggerValues {
  switch (kind) {
    case 'threshold':
      return { kind, source_id: null, op: 'gt', value: null, hold_s: 0, hysteresis: 0 };
    case 'change':
      return { kind, source_id: null };
    case 'alarm':
      return { kind, event: 'produced', source_id: null };
    case 'schedule':
      return { kind, schedule: { type: 'daily', time: '08:00', weekdays: [1], cron: '' } };
    default:
      return { kind };
  }
}

export function emptyRule(): RuleValues {
  return {
    name: '',
    description: '',
    template_id: null,
    scope: 'template',
    scope_id: null,
    trigger: newTrigger(),
    conditions: { join: 'and', items: [] },
    actions: [newAction()],
    rate_per_minute: 6,
  };
}

/** The form's values of a saved rule (a copy's name as it is: the server named it). */
export function ruleValues(rule: Rule): RuleValues {
  const trigger: TriggerValues = {
    ...newTrigger(rule.trigger.kind),
    ...(rule.trigger as Partial<TriggerValues>),
  };
  if (rule.trigger.kind === 'schedule')
    trigger.schedule = { weekdays: [1], cron: '', ...rule.trigger.schedule };
  return {
    name: rule.name,
    description: rule.description,
    template_id: rule.template_id,
    scope: rule.scope,
    scope_id: rule.scope_id,
    trigger,
    conditions: { join: rule.conditions.join, items: rule.conditions.items.map((item) => ({ ...item })) },
    actions: rule.actions.map((action) => ({
      ...newAction(action.kind),
      ...(action as Partial<ActionValues>),
    })),
    rate_per_minute: rule.rate_per_minute,
  };
}

const num = (value: number | null | undefined, fallback = 0): number => value ?? fallback;
const id = (value: number | null | undefined): number => value ?? 0;

function toSchedule(values: TriggerValues['schedule']): Schedule {
  const s = values ?? { type: 'daily' };
  if (s.type === 'cron') return { type: 'cron', cron: (s.cron ?? '').trim() };
  if (s.type === 'weekly')
    return { type: 'weekly', time: s.time ?? '', weekdays: [...(s.weekdays ?? [])].sort((a, b) => a - b) };
  return { type: 'daily', time: s.time ?? '' };
}

export function toTrigger(t: TriggerValues): Trigger {
  switch (t.kind) {
    case 'threshold':
      return {
        kind: 'threshold',
        source_id: id(t.source_id),
        op: t.op ?? 'gt',
        value: num(t.value),
        hold_s: num(t.hold_s),
        hysteresis: num(t.hysteresis),
      };
    case 'change':
      return { kind: 'change', source_id: id(t.source_id) };
    case 'alarm':
      return { kind: 'alarm', event: t.event ?? 'produced', source_id: t.source_id ?? null };
    case 'schedule':
      return { kind: 'schedule', schedule: toSchedule(t.schedule) };
    case 'online':
    case 'offline':
      return { kind: t.kind };
  }
}

export function toAction(a: ActionValues): Action {
  const timing = {
    delay_s: num(a.delay_s),
    repeat: num(a.repeat),
    every_s: num(a.repeat) > 0 ? num(a.every_s) : 0,
  };
  switch (a.kind) {
    case 'write':
      return { kind: 'write', source_id: id(a.source_id), value: num(a.value), ...timing };
    case 'notify':
      return {
        kind: 'notify',
        user_ids: a.user_ids ?? [],
        role_ids: a.role_ids ?? [],
        group_ids: a.group_ids ?? [],
        channels: a.channels ?? [],
        text: (a.text ?? '').trim(),
        ...timing,
      };
    case 'webhook':
      return { kind: 'webhook', subscription_id: id(a.subscription_id), ...timing };
    case 'alarm':
      return {
        kind: 'alarm',
        mode: a.mode ?? 'raise',
        name: (a.name ?? '').trim(),
        level: num(a.level, 3),
        info: (a.info ?? '').trim(),
        ...timing,
      };
    case 'forward':
      return { kind: 'forward', target_id: id(a.target_id), source_ids: a.source_ids ?? [], ...timing };
  }
}

/** What the form sends (`enabled` left to the list's switch: a new rule starts disabled). */
export function toRuleIn(values: RuleValues): RuleIn {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    template_id: id(values.template_id),
    scope: values.scope,
    scope_id: values.scope === 'template' ? null : (values.scope_id ?? null),
    trigger: toTrigger(values.trigger),
    conditions: {
      join: values.conditions.join,
      items: values.conditions.items.map((item) => ({
        source_id: id(item.source_id),
        op: item.op ?? 'eq',
        value: num(item.value),
      })),
    },
    actions: values.actions.map(toAction),
    rate_per_minute: num(values.rate_per_minute, 6),
  };
}

/** Whether a trigger can be replayed from history (a dry run; others answer 117876). */
export function replayable(kind: TriggerKind): boolean {
  return kind === 'threshold' || kind === 'change' || kind === 'schedule';
}

/** The trigger's data source (the dry run's chart), if it names one. */
export function triggerSource(trigger: Trigger): number | null {
  return 'source_id' in trigger ? (trigger.source_id ?? null) : null;
}

const k = (key: string) => `configure.automation.${key}`;

/** A schedule in words: "每天 02:00", "每周一、五 08:30", or its cron line. */
export function scheduleText(t: TFunction, schedule: Schedule): string {
  if (schedule.type === 'cron') return t(k('summary.cron'), { cron: schedule.cron });
  if (schedule.type === 'daily') return t(k('summary.daily'), { time: schedule.time });
  const days = schedule.weekdays.map((d) => t(k(`weekday.${String(d)}`))).join(t(k('summary.and')));
  return t(k('summary.weekly'), { days, time: schedule.time });
}

/** A trigger in words, its data source by name (`sourceName` answers '#11' for one it does not know). */
export function triggerText(t: TFunction, trigger: Trigger, sourceName: (id: number) => string): string {
  switch (trigger.kind) {
    case 'threshold': {
      const base = t(k('summary.threshold'), {
        source: sourceName(trigger.source_id),
        op: OP_SIGNS[trigger.op],
        value: trigger.value,
      });
      return trigger.hold_s > 0 ? `${base}${t(k('summary.hold'), { s: trigger.hold_s })}` : base;
    }
    case 'change':
      return t(k('summary.change'), { source: sourceName(trigger.source_id) });
    case 'online':
    case 'offline':
      return t(k(`summary.${trigger.kind}`));
    case 'alarm': {
      const event = t(k(`event.${trigger.event}`));
      return trigger.source_id
        ? t(k('summary.alarmOf'), { event, source: sourceName(trigger.source_id) })
        : t(k('summary.alarm'), { event });
    }
    case 'schedule':
      return scheduleText(t, trigger.schedule);
  }
}
