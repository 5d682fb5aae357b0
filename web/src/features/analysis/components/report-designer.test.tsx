import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import DesignChartPage from '../pages/design-chart';
import DesignNewChartPage from '../pages/design-new-chart';
import { REPORT_COLOUR_CONDITIONS_MAX } from '@/types/limits.gen';
import { report, STATISTIC } from '@/test/reports';

function renderDesigner(handlers: Record<string, Handler>, url = '/designChart?id=3') {
  const calls = mockApi({
    'GET /yun/report/group': () => ok([{ id: 4, name: '产线', count: 1 }]),
    'GET /yun/report/info': () => ok(report()),
    'GET /yun/report/statistic': () => ok(STATISTIC),
    ...handlers,
  });
  const { router } = renderRoutes(
    [
      { path: '/designChart', Component: DesignChartPage },
      { path: '/designNewChart', Component: DesignNewChartPage },
      { path: '/analysis/dashChart', element: <p>list</p> },
    ],
    { initialEntries: [url] },
  );
  return { calls, router };
}

/** The form item (label, control and its messages) of the field labelled `label`. */
const item = (label: string) => screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;
const save = () => screen.getByRole('button', { name: /^save\s*保\s*存$/ });

beforeEach(() => {
  signInAs(['P60000', 'P61000', 'P61100', 'P61400', 'P63000']);
});

describe('report designer', () => {
  it('checks the title as the server does, beside the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderDesigner({});
    const title = await screen.findByLabelText('报表标题');
    await user.clear(title);
    await user.click(save());
    expect(await within(item('报表标题')).findByText('请输入报表标题')).toBeInTheDocument();
    await user.click(title);
    await user.paste('x'.repeat(33));
    // The box stops at 32 characters (the server's REPORT_TITLE_MAX).
    expect(title).toHaveValue('x'.repeat(32));
    expect(calls.some((c) => c.method === 'put' || c.method === 'post')).toBe(false);
  });

  it('shows a refusal beside the field the server names', async () => {
    const user = userEvent.setup();
    renderDesigner({ 'PUT /yun/report/basic': () => fail('118213', '报表标题已存在', 'title') });
    await screen.findByDisplayValue('在线设备');
    await user.click(save());
    expect(await within(item('报表标题')).findByText('报表标题已存在')).toBeInTheDocument();
  });

  it('maps start/end to the range field and sort to the sort field', async () => {
    const user = userEvent.setup();
    let answer = fail('118210', '时间范围过长（按小时或分钟聚合时最多 31 天）', 'start');
    renderDesigner({ 'PUT /yun/report/basic': () => answer });
    await screen.findByDisplayValue('在线设备');
    await user.click(save());
    expect(
      await within(item('固定时间范围')).findByText('时间范围过长（按小时或分钟聚合时最多 31 天）'),
    ).toBeInTheDocument();
    answer = fail('100004', '参数错误：sort', 'sort');
    await user.click(save());
    expect(await within(item('排序')).findByText('参数错误：sort')).toBeInTheDocument();
  });

  it('shows a refusal of the filters below the filters', async () => {
    const user = userEvent.setup();
    renderDesigner({
      'PUT /yun/report/basic': () => fail('118211', '筛选条件过多（最多 20 个）', 'filters'),
    });
    await screen.findByDisplayValue('在线设备');
    await user.click(save());
    const text = await screen.findByText('筛选条件过多（最多 20 个）');
    expect(text.closest('.report-filters')).not.toBeNull();
  });

  it('puts a refusal naming no field of the form above the form', async () => {
    const user = userEvent.setup();
    renderDesigner({ 'PUT /yun/report/basic': () => fail('118212', '报表不存在', 'id') });
    await screen.findByDisplayValue('在线设备');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('报表不存在');
  });

  it('saves the whole definition with its id', async () => {
    const user = userEvent.setup();
    const { calls } = renderDesigner({
      'PUT /yun/report/basic': (c) => ok({ ...report(), ...(bodyOf(c) as object) }),
    });
    const title = await screen.findByDisplayValue('在线设备');
    await user.type(title, '统计');
    await user.click(save());
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    const put = calls.find((c) => c.method === 'put')!;
    expect(bodyOf(put)).toMatchObject({
      id: 3,
      title: '在线设备统计',
      chart_type: 2,
      table_kind: 8,
      dimension_field_id: [{ id: 64, field_name: '在线状态' }],
      aggregate_filed_id: { id: 66, field_name: '设备' },
      aggregation: 'count',
      sort: null,
      device_ids: [],
    });
  });

  it('offers range presets (24 h, 7 d, 30 d) that set the bucket and length, not a count of buckets alone', async () => {
    const user = userEvent.setup();
    const { calls } = renderDesigner({
      'PUT /yun/report/basic': (c) => ok({ ...report(), ...(bodyOf(c) as object) }),
    });
    await screen.findByDisplayValue('在线设备');
    const presets = screen.getByRole('radiogroup', { name: '默认范围' });
    await user.click(within(presets).getByText('最近 7 天'));
    await user.click(save());
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'put')!)).toMatchObject({
      time_unit: 'day',
      time_offset: 7,
      start: null,
      end: null,
    });
  });

  it('a new history report asks for its devices and data sources (118205) before it is sent', async () => {
    const user = userEvent.setup();
    const { calls } = renderDesigner({}, '/designNewChart');
    await user.type(await screen.findByLabelText('报表标题'), '压力');
    await user.click(save());
    // The devices and the data sources, each beside its own field (the two show a render apart).
    await waitFor(() => expect(screen.getAllByText('请选择数据源')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    expect(screen.getByText('保存报表后在此预览')).toBeInTheDocument();
  });

  it('creates a report, then its address becomes /designChart?id=', async () => {
    const user = userEvent.setup();
    const created = report({ id: 11, title: '设备统计' });
    const { calls, router } = renderDesigner(
      {
        'POST /yun/report/basic': () => ok(created),
        'GET /yun/report/info': () => ok(created),
      },
      '/designNewChart',
    );
    await user.type(await screen.findByLabelText('报表标题'), '设备统计');
    await user.click(screen.getByRole('combobox', { name: '数据表' }));
    await user.click(await screen.findByTitle('设备信息'));
    await user.click(save());
    await waitFor(() => expect(router.state.location.search).toBe('?id=11'));
    expect(router.state.location.pathname).toBe('/designChart');
    expect(bodyOf(calls.find((c) => c.method === 'post')!)).toMatchObject({
      title: '设备统计',
      table_kind: 8,
      dimension_field_id: [{ id: 62, field_name: '注册时间' }],
      aggregate_filed_id: { id: 66, field_name: '设备' },
      aggregation: 'count',
      device_ids: [],
      data_source_ids: [],
    });
    // No leave question on the way: the report is saved.
    expect(screen.queryByText('放弃未保存的修改？')).toBeNull();
    expect(await screen.findByText('编辑报表：设备统计')).toBeInTheDocument();
  });

  it('previews the saved data, drawing a new chart type at once and saying the data shows once saved', async () => {
    const user = userEvent.setup();
    renderDesigner({});
    const preview = (
      await screen.findByText('预览', { selector: '.ant-card-head-title' })
    ).closest<HTMLElement>('.ant-card')!;
    expect(await within(preview).findByRole('table')).toBeInTheDocument();
    await user.click(screen.getByText('指标卡', { selector: '.report-form__types span' }));
    await waitFor(() => expect(within(preview).queryByRole('table')).toBeNull());
    expect(preview.querySelector('.report-card__value')).toHaveTextContent('2');
    expect(within(preview).getByText(/其他修改保存后显示/)).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = renderDesigner({});
    await user.type(await screen.findByDisplayValue('在线设备'), '2');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('放弃未保存的修改？');
    await user.click(within(dialog).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analysis/dashChart'));
  });

  describe('theme and colour conditions', () => {
    const previewCard = async () =>
      (await screen.findByText('预览', { selector: '.ant-card-head-title' })).closest<HTMLElement>(
        '.ant-card',
      )!;

    it('offers the six themes by name, the saved one chosen, moved between with the arrow keys', async () => {
      const user = userEvent.setup();
      const { calls } = renderDesigner({
        'GET /yun/report/info': () => ok(report({ theme: 'blueTech' })),
        'PUT /yun/report/basic': (c) => ok({ ...report(), ...(bodyOf(c) as object) }),
      });
      const group = await screen.findByRole('radiogroup', { name: '图表主题' });
      const names = within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent);
      expect(names).toEqual(['橙色', '橙色科技', '蓝色', '蓝色科技', '绿色', '绿色科技']);
      const chosen = within(group).getByRole('radio', { name: '蓝色科技' });
      expect(chosen).toBeChecked();
      // Each swatch shows its theme's first colours.
      expect(group.querySelectorAll('.report-themes__colour')).toHaveLength(6 * 5);
      chosen.focus();
      await user.keyboard('{ArrowRight}');
      expect(within(group).getByRole('radio', { name: '绿色' })).toBeChecked();
      await user.click(within(group).getByText('橙色科技'));
      await user.click(save());
      await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
      expect(bodyOf(calls.find((c) => c.method === 'put')!)).toMatchObject({
        theme: 'orangeTech',
        conditions: [],
      });
    });

    it('edits conditions: add, fill, remove, and saves them', async () => {
      const user = userEvent.setup();
      const { calls } = renderDesigner({
        'GET /yun/report/info': () => ok(report({ conditions: [{ min: 0, max: 1, color: '#00b42a' }] })),
        'PUT /yun/report/basic': (c) => ok({ ...report(), ...(bodyOf(c) as object) }),
      });
      expect(await screen.findByLabelText('条件 1 的最小值')).toHaveValue('0');
      await user.click(screen.getByRole('button', { name: /添加条件（1\/10）/ }));
      await user.type(screen.getByLabelText('条件 2 的最小值'), '3');
      expect(screen.getByRole('button', { name: '条件 2 的颜色' })).toHaveTextContent('#F53F3F');
      await user.click(screen.getByRole('button', { name: '删除条件 1' }));
      expect(screen.queryByLabelText('条件 2 的最小值')).toBeNull();
      await user.click(save());
      await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
      expect(bodyOf(calls.find((c) => c.method === 'put')!)).toMatchObject({
        conditions: [{ min: 3, max: null, color: '#f53f3f' }],
      });
    });

    it('refuses a maximum not above its minimum beside it (118207), and sends nothing', async () => {
      const user = userEvent.setup();
      const { calls } = renderDesigner({});
      await screen.findByDisplayValue('在线设备');
      await user.click(screen.getByRole('button', { name: /添加条件/ }));
      await user.type(screen.getByLabelText('条件 1 的最小值'), '5');
      await user.type(screen.getByLabelText('条件 1 的最大值'), '5');
      await user.click(save());
      const message = await screen.findByText('最大值不能小于最小值');
      expect(message.closest('.report-conditions')).not.toBeNull();
      expect(calls.some((c) => c.method === 'put')).toBe(false);
    });

    it(`stops adding at ${String(REPORT_COLOUR_CONDITIONS_MAX)} conditions`, async () => {
      const many = Array.from({ length: REPORT_COLOUR_CONDITIONS_MAX }, (_, i) => ({
        min: i,
        max: i + 1,
        color: '#123456',
      }));
      renderDesigner({ 'GET /yun/report/info': () => ok(report({ conditions: many })) });
      const add = await screen.findByRole('button', { name: /添加条件（10\/10）/ });
      expect(add).toBeDisabled();
    });

    it('shows a refusal of the conditions below them', async () => {
      const user = userEvent.setup();
      renderDesigner({
        'PUT /yun/report/basic': () => fail('100004', '参数错误：conditions', 'conditions'),
      });
      await screen.findByDisplayValue('在线设备');
      await user.click(save());
      const text = await screen.findByText('参数错误：conditions');
      expect(text.closest('.report-conditions')).not.toBeNull();
    });

    it('draws the saved theme and conditions, and an edited theme or condition at once', async () => {
      const user = userEvent.setup();
      renderDesigner({
        'GET /yun/report/info': () =>
          ok(
            report({
              chart_type: 1,
              theme: 'greenTech',
              conditions: [{ min: 10, max: null, color: '#123456' }],
            }),
          ),
      });
      const preview = await previewCard();
      // The card shows the latest value, 2: no condition matches, so the theme's first colour.
      const value = await waitFor(() => {
        const v = preview.querySelector<HTMLElement>('.report-card__value');
        expect(v).not.toBeNull();
        return v!;
      });
      expect(value).toHaveTextContent('2');
      expect(value).toHaveStyle({ color: '#00FF9C' });
      await user.click(screen.getByText('橙色科技', { selector: '.report-themes__name' }));
      await waitFor(() =>
        expect(preview.querySelector('.report-card__value')).toHaveStyle({ color: '#FF8A00' }),
      );
      await user.clear(screen.getByLabelText('条件 1 的最小值'));
      await user.type(screen.getByLabelText('条件 1 的最小值'), '1');
      await waitFor(() =>
        expect(preview.querySelector('.report-card__value')).toHaveStyle({ color: '#123456' }),
      );
    });
  });
});
