// The schedule dialog: a new schedule's defaults, the weekday a weekly one needs, the addresses checked (at most 10,
// each an address) before anything is sent, the body PUT, a refusal next to its field, the runs and delete.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { viewerZone } from '@/lib/timezone';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import { cleanEmails, emailsProblem, scheduleBody, scheduleForm } from '../lib/schedule';
import type { ScheduleOut } from '../flow-types';
import { ScheduleModal } from './schedule-modal';

const saved: ScheduleOut = {
  id: 4,
  report_id: 3,
  enabled: true,
  frequency: 'monthly',
  hour: 6,
  weekday: 1,
  monthday: 15,
  tz: 'Asia/Shanghai',
  emails: ['ops@example.com'],
  next_run_at: Date.UTC(2026, 11, 14, 22, 0, 0),
  last_run_at: Date.UTC(2026, 10, 14, 22, 0, 0),
  last_job_id: 77,
  last_mail_state: 'sent',
  last_mail_note: null,
};

const STATES = 'POST /yun/mail/recipients/states';
const RECIPIENTS = 'GET /yun/mail/recipients';

function renderModal(handlers: Record<string, Handler>) {
  const calls = mockApi(handlers);
  let closed = 0;
  renderRoutes([
    {
      path: '/',
      element: <ScheduleModal reportId={3} open onClose={() => (closed += 1)} />,
    },
    { path: '/exportCenter', element: <p>export centre</p> },
  ]);
  return { calls, closed: () => closed };
}

async function typeEmails(user: ReturnType<typeof userEvent.setup>, ...emails: string[]) {
  const box = screen.getByRole('combobox', { name: '发送到邮箱' });
  for (const email of emails) await user.type(box, `${email}{enter}`);
}

beforeEach(() => {
  signInAs(['P61100']);
});

describe('schedule rules', () => {
  it('checks the addresses and sends only the day the frequency needs', () => {
    expect(emailsProblem([])).toBeNull();
    expect(emailsProblem(['a@b.co', 'nope'])).toBe('invalid');
    expect(emailsProblem(Array.from({ length: 11 }, (_, i) => `u${String(i)}@x.io`))).toBe('tooMany');
    expect(cleanEmails([' a@b.co', 'A@b.co', '', 'c@d.io'])).toEqual(['a@b.co', 'c@d.io']);
    const form = { ...scheduleForm(null, 'Europe/Paris'), frequency: 'weekly' as const, weekday: 5 };
    expect(scheduleBody(3, form)).toEqual({
      report_id: 3,
      enabled: true,
      frequency: 'weekly',
      hour: 8,
      weekday: 5,
      monthday: 1,
      tz: 'Europe/Paris',
      emails: [],
    });
  });
});

describe('ScheduleModal', () => {
  it('starts a new schedule daily at 08:00 in the browser zone and saves a weekly one', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const { closed } = renderModal({
      'GET /yun/report/schedule': () => ok(null),
      'PUT /yun/report/schedule': (config) => {
        bodies.push(bodyOf(config));
        return ok({ ...saved, frequency: 'weekly', weekday: 3, monthday: 1 });
      },
    });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: '时刻' });
    expect(within(dialog).queryByRole('combobox', { name: '星期' })).toBeNull();
    expect(within(dialog).getByText(viewerZone())).toBeInTheDocument();
    // Nothing ran yet: no runs, no delete.
    expect(within(dialog).queryByText('下次执行')).toBeNull();

    await user.click(within(dialog).getByText('每周'));
    await user.click(await within(dialog).findByRole('combobox', { name: '星期' }));
    await user.click(await screen.findByTitle('星期三'));
    await typeEmails(user, 'ops@example.com');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      report_id: 3,
      enabled: true,
      frequency: 'weekly',
      hour: 8,
      weekday: 3,
      monthday: 1,
      tz: viewerZone(),
      emails: ['ops@example.com'],
    });
    await waitFor(() => expect(closed()).toBe(1));
  });

  it('refuses a bad address and more than 10 before sending', async () => {
    const user = userEvent.setup();
    const { calls } = renderModal({ 'GET /yun/report/schedule': () => ok(null) });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: '时刻' });
    await typeEmails(user, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('不是有效的邮箱：not-an-address')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: '发送到邮箱' }), '{backspace}');
    await typeEmails(user, ...Array.from({ length: 11 }, (_, i) => `u${String(i)}@example.com`));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('最多 10 个邮箱')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'put')).toBe(false);
  });

  it('shows a refusal next to its field', async () => {
    const user = userEvent.setup();
    renderModal({
      'GET /yun/report/schedule': () => ok(saved),
      'PUT /yun/report/schedule': () => fail('100004', '邮箱格式不正确', 'emails'),
    });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: '每月日期' });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('邮箱格式不正确')).toBeInTheDocument();
  });

  it('shows the runs, leads to the last file and deletes the schedule', async () => {
    const user = userEvent.setup();
    const { calls, closed } = renderModal({
      'GET /yun/report/schedule': () => ok(saved),
      'DELETE /yun/report/schedule': () => ok(null),
    });
    // The dialog once the schedule is in (its runs shown above the form).
    const next = await screen.findByText('下次执行');
    const dialog = next.closest<HTMLElement>('[role="dialog"]')!;
    expect(await within(dialog).findByRole('link', { name: '在导出中心打开' })).toHaveAttribute(
      'href',
      '/exportCenter',
    );
    expect(await within(dialog).findByText('15 日')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /删除定时导出/ }));
    const question = await screen.findByText('删除这个定时导出？', { selector: '.ant-modal-confirm-title' });
    const confirm = question.closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(confirm).getByRole('button', { name: /删除定时导出/ }));
    await waitFor(() => expect(closed()).toBe(1));
    expect(calls.find((c) => c.method === 'delete')!.params).toEqual({ report_id: 3 });
  });

  it('shows which addresses may be mailed and sends a verification to one that may not', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const { calls } = renderModal({
      'GET /yun/report/schedule': () => ok({ ...saved, emails: ['ops@example.com', 'bob@example.com'] }),
      [STATES]: (config) => {
        const { emails } = bodyOf(config) as { emails: string[] };
        const state = (a: string) =>
          a === 'ops@example.com' ? 'verified' : a === 'bob@example.com' ? 'user' : 'none';
        return ok(emails.map((address) => ({ address, state: state(address) })));
      },
      [RECIPIENTS]: () => ok([]),
      'POST /yun/mail/recipients': (config) => {
        asked.push(bodyOf(config));
        return ok({ address: 'new@example.com', state: 'pending', sent: true });
      },
    });
    const dialog = await screen.findByRole('dialog');
    const states = await within(dialog).findByRole('list', { name: '收件邮箱状态' });
    expect(await within(states).findByText('已验证')).toBeInTheDocument();
    expect(within(states).getByText('本租户用户')).toBeInTheDocument();
    expect(within(states).queryByRole('button', { name: /发送验证/ })).toBeNull();
    await typeEmails(user, 'New@Example.com');
    expect(await within(states).findByText('未验证')).toBeInTheDocument();
    await user.click(within(states).getByRole('button', { name: /发送验证/ }));
    await waitFor(() => expect(asked).toEqual([{ address: 'new@example.com' }]));
    expect(await screen.findByText(/验证邮件已发送至 new@example.com/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'put')).toBe(false);
  });

  it('puts the refusal of an address the tenant may not mail under the addresses', async () => {
    const user = userEvent.setup();
    renderModal({
      'GET /yun/report/schedule': () => ok({ ...saved, emails: [] }),
      [STATES]: () => ok([{ address: 'stranger@example.com', state: 'none' }]),
      [RECIPIENTS]: () => ok([]),
      'PUT /yun/report/schedule': () =>
        fail(
          '117805',
          '该邮箱不是本租户用户的邮箱，也未经验证：stranger@example.com',
          'stranger@example.com',
        ),
    });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: '每月日期' });
    await typeEmails(user, 'stranger@example.com');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    const refusal = await within(dialog).findByText(
      '该邮箱不是本租户用户的邮箱，也未经验证：stranger@example.com',
    );
    expect(refusal.closest('.ant-form-item')).toContainElement(
      within(dialog).getByRole('combobox', { name: '发送到邮箱' }),
    );
  });

  it("shows the last run's mail and removes a verified address", async () => {
    const user = userEvent.setup();
    const { calls } = renderModal({
      'GET /yun/report/schedule': () =>
        ok({
          ...saved,
          last_mail_state: 'capped',
          last_mail_note: '今日邮件数已达上限（200），今天不再发送',
        }),
      [STATES]: () => ok([{ address: 'ops@example.com', state: 'verified' }]),
      [RECIPIENTS]: () =>
        ok([
          {
            id: 9,
            address: 'ops@example.com',
            state: 'verified',
            requested_by: 'alice',
            requested_at: 1,
            verified_at: 2,
            expired: false,
          },
        ]),
      'DELETE /yun/mail/recipients': () => ok(null),
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('超出每日上限')).toBeInTheDocument();
    expect(within(dialog).getByText('今日邮件数已达上限（200），今天不再发送')).toBeInTheDocument();
    await user.click(await within(dialog).findByText('已验证的邮箱（1）'));
    await user.click(await within(dialog).findByRole('button', { name: '移除 ops@example.com' }));
    await user.click(await screen.findByRole('button', { name: /^移\s*除$/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'delete')?.params).toEqual({ id: 9 }));
  });
});
