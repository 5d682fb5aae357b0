// What the bulletin board and the sent box show of a notice and a written message: a notice's state colour, the time
// that matters for its state, whom it goes to; a message's addressees in the reader's words; a schedule's bounds.
import type { TFunction } from 'i18next';
import dayjs, { type Dayjs } from 'dayjs';

import { EMPTY } from '@/lib/empty';
import { NOTICE_SCHEDULE_MAX_DAYS } from '@/types/limits.gen';
import type { NoticeOut, NoticeState, RecipientKind, SentOut } from '../api/system-msg-types';
import { zoned } from '@/lib/timezone';

export const STATE_COLORS: Record<NoticeState, string> = {
  unsent: 'default',
  scheduled: 'gold',
  sent: 'green',
};

/** The built-in roles are stored under their code as their name, and shown translated (common.role.<code>). */
const BUILT_IN_ROLES: readonly string[] = ['administrator', 'administrator2', 'user'];

export function roleLabel(t: TFunction, name: string, code?: string): string {
  const key = code ?? name;
  return BUILT_IN_ROLES.includes(key) ? t(`common.role.${key}`) : name;
}

/** A scheduled time, to the minute (a schedule is picked to the minute). */
export function formatSchedule(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? zoned(ms).format('YYYY-MM-DD HH:mm') : EMPTY;
}

/** The time a notice is known by: when it was sent, when it is due, or (a draft) when it was last edited. */
export function noticeTime(notice: NoticeOut): { kind: 'sent' | 'scheduled' | 'edited'; at: number | null } {
  if (notice.state === 'sent') return { kind: 'sent', at: notice.sent_at };
  if (notice.state === 'scheduled') return { kind: 'scheduled', at: notice.send_at };
  return { kind: 'edited', at: notice.updated_at };
}

/** Whom a notice is for, in words: its group's users, or every user; `inline` for within a sentence. */
export function noticeAudience(
  t: TFunction,
  notice: Pick<NoticeOut, 'group_id' | 'group_name'>,
  inline = false,
): string {
  const suffix = inline ? 'Inline' : '';
  return notice.group_id === null
    ? t(`info.systemMsg.audience.all${suffix}`)
    : t(`info.systemMsg.audience.group${suffix}`, { group: notice.group_name ?? String(notice.group_id) });
}

export interface Addressee {
  kind: RecipientKind;
  id: number;
  name: string;
}

/** Whom a message was addressed to, in order: users, then roles, then user groups. */
export function addressees(t: TFunction, message: Pick<SentOut, 'users' | 'roles' | 'groups'>): Addressee[] {
  const named = (name: string, id: number) => name || `#${String(id)}`;
  return [
    ...message.users.map((u) => ({ kind: 'user' as const, id: u.id, name: named(u.name, u.id) })),
    ...message.roles.map((r) => ({
      kind: 'role' as const,
      id: r.id,
      name: named(roleLabel(t, r.name), r.id),
    })),
    ...message.groups.map((g) => ({ kind: 'group' as const, id: g.id, name: named(g.name, g.id) })),
  ];
}

/** The latest time a notice may be scheduled for, from `now`. */
export function latestSchedule(now: Dayjs = dayjs()): Dayjs {
  return now.add(NOTICE_SCHEDULE_MAX_DAYS, 'day');
}

/** Whether `at` may be a notice's sending time: after `now`, within NOTICE_SCHEDULE_MAX_DAYS. */
export function schedulable(at: Dayjs, now: Dayjs = dayjs()): boolean {
  return at.isAfter(now) && !at.isAfter(latestSchedule(now));
}

/** A day the schedule picker offers: from today to the last day within reach. */
export function schedulableDay(day: Dayjs, now: Dayjs = dayjs()): boolean {
  return !day.isBefore(now, 'day') && !day.isAfter(latestSchedule(now), 'day');
}

/** A sensible first time for a schedule: the next full hour at least 30 minutes away. */
export function defaultSchedule(now: Dayjs = dayjs()): Dayjs {
  return now.add(90, 'minute').startOf('hour');
}
