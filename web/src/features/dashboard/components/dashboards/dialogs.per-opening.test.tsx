// Issue 30 point 1 for the dashboards page's dialogs: opened on record A, then B, then "new", each shows its own
// values.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { DashboardGroup, DashboardSummary } from '@/lib/dashboards/types';
import { expectEachOpeningShowsItsOwn } from '@/test/dialog';
import { fail, mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { DashboardFormModal } from './dashboard-form-modal';
import { GroupFormModal } from './group-form-modal';
import { MoveDashboardModal } from './move-dashboard-modal';

const noop = () => undefined;
const GROUPS: DashboardGroup[] = [
  { id: 1, name: '生产', position: 1, dashboard_count: 1 },
  { id: 2, name: '能源', position: 2, dashboard_count: 1 },
];
const dashboard = (id: number, name: string, groupId: number | null) =>
  ({
    id,
    name,
    group_id: groupId,
    width: 1920,
    height: 1080,
    theme: 'tech',
    chart_theme: 'blue',
  }) as DashboardSummary;

beforeEach(() => {
  signInAs(['P10000', 'P20000', 'P21200']);
  mockApi({ 'GET /yun/dashboard/detail': () => fail('118001', '看板不存在') });
});

describe('dashboard dialogs show the record they are opened on', () => {
  it('settings: A, then B, then a new dashboard', () => {
    expectEachOpeningShowsItsOwn(
      (d: DashboardSummary | null, open) => (
        <DashboardFormModal open={open} dashboard={d} groups={GROUPS} onClose={noop} />
      ),
      [dashboard(1, '全厂总览', 1), dashboard(2, '泵站监控', null), null],
      (d) => [d?.name ?? ''],
    );
  });

  it('move: A, then B, each in its own group', () => {
    // The dialog has no text field: its group select shows the group of the dashboard it was opened on.
    const selected = () => within(screen.getByRole('dialog')).getByTitle(/生产|能源|未分组/).textContent;
    const groupOf = (d: DashboardSummary) => GROUPS.find((g) => g.id === d.group_id)?.name ?? '未分组';
    expectEachOpeningShowsItsOwn(
      (d: DashboardSummary, open) => (
        <MoveDashboardModal open={open} dashboard={d} groups={GROUPS} onClose={noop} />
      ),
      [dashboard(1, '全厂总览', 1), dashboard(2, '泵站监控', 2), dashboard(3, '能耗', null)],
      (d) => {
        expect(selected()).toBe(groupOf(d));
        return [];
      },
    );
  });

  it('groups: A, then B, then a new group', () => {
    const group = (id: number, name: string) => ({ id, name, position: id, dashboard_count: 0 });
    expectEachOpeningShowsItsOwn(
      (g: DashboardGroup | null, open) => <GroupFormModal open={open} group={g} onClose={noop} />,
      [group(1, '生产'), group(2, '能源'), null],
      (g) => [g?.name ?? ''],
    );
  });
});
