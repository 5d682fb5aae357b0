// The schedule dialog's rules and payload (pure): the emails a schedule mails (at most SCHEDULE_EMAILS_MAX, each an
// address), the fields each frequency needs, the zones offered.
import { EMAIL_RE } from '@/lib/validation';
import type { ScheduleFrequency, ScheduleIn, ScheduleOut } from '../flow-types';

/** Addresses a schedule mails at most (contract D). */
export const SCHEDULE_EMAILS_MAX = 10;
export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h);
/** Monday = 1 … Sunday = 7. */
export const WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];
/** 1–28: every month has them. */
export const MONTHDAYS: readonly number[] = Array.from({ length: 28 }, (_, d) => d + 1);

export interface ScheduleForm {
  enabled: boolean;
  frequency: ScheduleFrequency;
  hour: number;
  weekday: number;
  monthday: number;
  tz: string;
  emails: string[];
}

export type EmailsProblem = 'tooMany' | 'invalid' | null;

/** What is wrong with the addresses, if anything (the invalid ones are named by `invalidEmails`). */
export function emailsProblem(emails: readonly string[]): EmailsProblem {
  if (emails.length > SCHEDULE_EMAILS_MAX) return 'tooMany';
  return invalidEmails(emails).length > 0 ? 'invalid' : null;
}

export function invalidEmails(emails: readonly string[]): string[] {
  return emails.filter((email) => !EMAIL_RE.test(email.trim()));
}

/** The addresses as typed: trimmed, blanks and repeats (ignoring case) left out. */
export function cleanEmails(emails: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of emails) {
    const email = raw.trim();
    const key = email.toLowerCase();
    if (email && !seen.has(key)) {
      seen.add(key);
      out.push(email);
    }
  }
  return out;
}

/** The form's values for a schedule (or a new one: daily at 08:00, Monday, the 1st, in the viewer's zone). */
export function scheduleForm(schedule: ScheduleOut | null | undefined, zone: string): ScheduleForm {
  return {
    enabled: schedule?.enabled ?? true,
    frequency: schedule?.frequency ?? 'daily',
    hour: schedule?.hour ?? 8,
    weekday: schedule?.weekday ?? 1,
    monthday: schedule?.monthday ?? 1,
    tz: schedule?.tz ?? zone,
    emails: schedule?.emails ?? [],
  };
}

/** PUT /yun/report/schedule's body: the server reads the weekday of a weekly schedule and the day of a monthly one,
 * and keeps the other as it is given. */
export function scheduleBody(reportId: number, form: ScheduleForm): ScheduleIn {
  return {
    report_id: reportId,
    enabled: form.enabled,
    frequency: form.frequency,
    hour: form.hour,
    weekday: form.weekday,
    monthday: form.monthday,
    tz: form.tz,
    emails: cleanEmails(form.emails),
  };
}

/** The IANA zones the browser knows, the given zone among them. */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}
