// What the alarm notification pages show and send of a rule and a delivery: a rule as its form sends it again (the
// switch in the list; its escalation and secret kept), what a rule matches in words, quiet hours as minutes of the day and as text, the time zones
// offered, the server settings that enable a channel, a delivery state's colour, and a generated webhook secret.
import type { TFunction } from 'i18next';
import dayjs, { type Dayjs } from 'dayjs';

import { viewerZone } from '@/lib/timezone';
import {
  ALARM_LEVEL_MAX,
  ALARM_LEVEL_MIN,
  NOTIFY_ESCALATE_MAX_MINUTES,
  NOTIFY_RULE_NAME_MAX,
  NOTIFY_SECRET_MAX,
  NOTIFY_URL_MAX,
} from '@/types/limits.gen';
import type { DeliveryState, NotifyChannel, RuleIn, RuleOut } from '../api/notify';

export const LEVEL_MIN = ALARM_LEVEL_MIN;
export const LEVEL_MAX = ALARM_LEVEL_MAX;
/** The server's longest rule name, webhook or robot URL and webhook secret, and an escalation's delay bounds. */
export const RULE_NAME_MAX = NOTIFY_RULE_NAME_MAX;
export { NOTIFY_URL_MAX };
export const WEBHOOK_SECRET_MAX = NOTIFY_SECRET_MAX;
export const ESCALATE_AFTER_MIN = 1;
export const ESCALATE_AFTER_MAX = NOTIFY_ESCALATE_MAX_MINUTES;
/** The delay a new escalation starts from. */
export const ESCALATE_AFTER_DEFAULT = 30;
/** The length of a generated webhook secret. */
export const WEBHOOK_SECRET_LENGTH = 32;
/** The zone a rule takes when the browser names none. */
export const DEFAULT_ZONE = 'Asia/Shanghai';
const MINUTES_PER_DAY = 1440;

/** The server setting that turns a channel on (docs/api-notifications.md "Channels"); the console needs none. */
export const CHANNEL_SETTING: Partial<Record<NotifyChannel, string>> = {
  email: 'IOTYUN_NOTIFY_EMAIL',
  sms: 'IOTYUN_NOTIFY_SMS',
  wechat: 'IOTYUN_NOTIFY_WECHAT',
};

/** The error an unconfigured channel answers (SPEC §8 119003–119005), whose text says so. */
export const CHANNEL_UNCONFIGURED_CODE: Partial<Record<NotifyChannel, string>> = {
  email: '119004',
  sms: '119003',
  wechat: '119005',
};

export const DELIVERY_STATE_COLORS: Record<DeliveryState, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  retrying: 'warning',
  failed: 'error',
  skipped: 'default',
};

/** A rule as its form sends it, changed by `patch`: the secret and the robot URL are write-only, so "" keeps the
 * stored ones. */
export function ruleInput(rule: RuleOut, patch: Partial<RuleIn> = {}): RuleIn {
  return {
    name: rule.name,
    enabled: rule.enabled,
    template_ids: rule.template_ids,
    source_ids: rule.source_ids,
    device_group_ids: rule.device_group_ids,
    level_min: rule.level_min,
    level_max: rule.level_max,
    user_ids: rule.users.map((u) => u.id),
    role_ids: rule.roles.map((r) => r.id),
    group_ids: rule.groups.map((g) => g.id),
    channels: rule.channels,
    webhook_url: rule.webhook_url,
    webhook_secret: '',
    wechat_url: '',
    quiet_start: rule.quiet_start,
    quiet_end: rule.quiet_end,
    timezone: rule.timezone,
    on_recover: rule.on_recover,
    on_confirm: rule.on_confirm,
    escalate_after: rule.escalate_after,
    escalate_user_ids: rule.escalate_users.map((u) => u.id),
    escalate_role_ids: rule.escalate_roles.map((r) => r.id),
    escalate_group_ids: rule.escalate_groups.map((g) => g.id),
    ...patch,
  };
}

/** "22:00" for 1320. */
export function minuteText(minute: number): string {
  const m = ((Math.trunc(minute) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** A time of day as minutes since midnight (0–1439). */
export function toMinute(time: Dayjs): number {
  return time.hour() * 60 + time.minute();
}

/** Minutes since midnight as a time of today (what the time picker holds). */
export function fromMinute(minute: number): Dayjs {
  return dayjs()
    .startOf('day')
    .add(minute % MINUTES_PER_DAY, 'minute');
}

/** A rule's quiet hours ("22:00–06:00"), or null when it has none. */
export function quietText(rule: Pick<RuleOut, 'quiet_start' | 'quiet_end'>): string | null {
  if (rule.quiet_start === null || rule.quiet_end === null) return null;
  return `${minuteText(rule.quiet_start)}–${minuteText(rule.quiet_end)}`;
}

/** Whether the quiet hours run past midnight (22:00–06:00). */
export function crossesMidnight(rule: Pick<RuleOut, 'quiet_start' | 'quiet_end'>): boolean {
  return rule.quiet_start !== null && rule.quiet_end !== null && rule.quiet_start > rule.quiet_end;
}

/** The levels a rule matches in words: "2–5 级", "3 级", or null for every level. */
export function levelText(t: TFunction, rule: Pick<RuleOut, 'level_min' | 'level_max'>): string | null {
  if (rule.level_min <= LEVEL_MIN && rule.level_max >= LEVEL_MAX) return null;
  return rule.level_min === rule.level_max
    ? t('info.notify.match.level', { level: rule.level_min })
    : t('info.notify.match.levels', { min: rule.level_min, max: rule.level_max });
}

/** The narrowing parts of what a rule matches, each in words; empty for every alarm. */
export function matchParts(
  t: TFunction,
  rule: Pick<RuleOut, 'level_min' | 'level_max' | 'template_ids' | 'source_ids' | 'device_group_ids'>,
): string[] {
  const parts: string[] = [];
  const levels = levelText(t, rule);
  if (levels) parts.push(levels);
  if (rule.template_ids.length)
    parts.push(t('info.notify.match.templates', { count: rule.template_ids.length }));
  if (rule.source_ids.length) parts.push(t('info.notify.match.sources', { count: rule.source_ids.length }));
  if (rule.device_group_ids.length)
    parts.push(t('info.notify.match.groups', { count: rule.device_group_ids.length }));
  return parts;
}

/** The browser's time zone, or Asia/Shanghai when it names none. */
export function defaultZone(): string {
  const zone = viewerZone();
  return zone && zone !== 'UTC' ? zone : DEFAULT_ZONE;
}

/** The zones the form offers: a few common ones, with the browser's and the rule's own. */
export const COMMON_ZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Singapore',
  'Asia/Bangkok',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/Moscow',
  'Europe/Istanbul',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/London',
  'UTC',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Australia/Sydney',
  'Pacific/Auckland',
];

/** "UTC+08:00" for a zone now, or null when the browser does not know it. */
export function zoneOffset(zone: string, at: Date = new Date()): string | null {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part) return null;
    return part === 'GMT' ? 'UTC+00:00' : part.replace('GMT', 'UTC');
  } catch {
    return null;
  }
}

export function zoneOptions(...also: string[]): { value: string; label: string }[] {
  const zones = [...new Set([...also.filter(Boolean), ...COMMON_ZONES])];
  return zones.map((zone) => {
    const offset = zoneOffset(zone);
    return { value: zone, label: offset ? `${zone} (${offset})` : zone };
  });
}

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random secret of letters and digits (the browser's crypto; 62 letters, rejection sampling keeps it even). */
export function randomSecret(length: number = WEBHOOK_SECRET_LENGTH): string {
  let out = '';
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < 248 && out.length < length) out += SECRET_ALPHABET.charAt(byte % 62);
    }
  }
  return out;
}

/** An escalation's delay in words: "30 分钟", "2 小时", "1 小时 30 分钟". */
export function durationText(t: TFunction, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('info.notify.duration.minutes', { count: rest });
  if (rest === 0) return t('info.notify.duration.hours', { count: hours });
  return t('info.notify.duration.hoursMinutes', { hours, minutes: rest });
}
