import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableProps } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { DataTable } from './data-table';

interface Row {
  id: number;
  sn: string;
  state: string;
  note?: string;
}

const rows: Row[] = [
  { id: 1, sn: 'IOT001', state: 'online', note: 'north hall' },
  { id: 2, sn: 'IOT002', state: 'offline' },
  { id: 3, sn: 'IOT003', state: 'online' },
];

const columns: NonNullable<TableProps<Row>['columns']> = [
  { title: 'SN', dataIndex: 'sn', key: 'sn', sorter: true, sortOrder: 'descend' },
  { title: 'State', dataIndex: 'state', key: 'state', render: (v: string) => <b>{v.toUpperCase()}</b> },
  { title: 'Rarely needed', dataIndex: 'note', key: 'note', responsive: ['xxl'] },
  {
    title: 'Actions',
    key: 'actions',
    render: (_: unknown, r: Row) => <button type="button">Edit {r.sn}</button>,
  },
];

/** The row cards (the pager's items are list items too). */
function cards(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.data-card')];
}

describe('DataTable on a phone', () => {
  beforeEach(() => {
    setScreenWidth(390);
  });
  afterEach(() => {
    resetScreenWidth();
  });

  it('shows one card per row: the first column as title, the others labelled, the actions at the foot', () => {
    render(<DataTable<Row> rowKey="id" columns={columns} dataSource={rows} pagination={false} />);
    expect(document.querySelector('table')).toBeNull();
    const found = cards();
    expect(found).toHaveLength(3);
    const first = within(found[0]!);
    expect(first.getByText('IOT001')).toHaveClass('data-card__title');
    expect(first.getByText('State')).toBeInTheDocument();
    expect(first.getByText('ONLINE').tagName).toBe('B');
    expect(first.getByRole('button', { name: 'Edit IOT001' })).toBeInTheDocument();
    // A column kept for wide screens is left off the card.
    expect(first.queryByText('Rarely needed')).toBeNull();
  });

  it('selects rows and all rows through the same callback as the table', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        rowSelection={{
          selectedRowKeys: [],
          onChange,
          getCheckboxProps: (r) => ({ disabled: r.id === 3 }),
        }}
      />,
    );
    await user.click(within(cards()[1]!).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([2], [rows[1]], { type: 'multiple' });
    expect(within(cards()[2]!).getByRole('checkbox')).toBeDisabled();

    rerender(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        rowSelection={{ selectedRowKeys: [2], onChange, getCheckboxProps: (r) => ({ disabled: r.id === 3 }) }}
      />,
    );
    // "Select all" takes every row that may be chosen (not the disabled one).
    await user.click(screen.getByRole('checkbox', { name: /全选/ }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2], [rows[0], rows[1]], { type: 'multiple' });
  });

  it('turns pages through pagination.onChange and the table onChange, keeping the sort', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    const onChange = vi.fn();
    render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        onChange={onChange}
        pagination={{ current: 1, pageSize: 3, total: 9, onChange: onPage }}
      />,
    );
    await user.click(screen.getByTitle('2'));
    expect(onPage).toHaveBeenCalledWith(2, 3);
    const [pagination, , sorter] = onChange.mock.calls[0] as [
      unknown,
      unknown,
      { columnKey: string; order: string },
    ];
    expect(pagination).toMatchObject({ current: 2, pageSize: 3 });
    expect(sorter).toMatchObject({ columnKey: 'sn', order: 'descend' });
  });

  it('pages rows it was given whole, as the table does without a total', async () => {
    const user = userEvent.setup();
    render(<DataTable<Row> rowKey="id" columns={columns} dataSource={rows} pagination={{ pageSize: 2 }} />);
    expect(cards()).toHaveLength(2);
    await user.click(screen.getByTitle('2'));
    expect(cards()).toHaveLength(1);
    expect(screen.getByText('IOT003')).toBeInTheDocument();
  });

  it('shows the empty text and opens a row`s details', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={[]}
        locale={{ emptyText: 'No devices yet' }}
      />,
    );
    expect(screen.getByText('No devices yet')).toBeInTheDocument();
    rerender(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        expandable={{ rowExpandable: (r) => Boolean(r.note), expandedRowRender: (r) => <p>{r.note}</p> }}
      />,
    );
    const toggles = screen.getAllByRole('button', { name: '展开详情' });
    expect(toggles).toHaveLength(1);
    await user.click(toggles[0]!);
    expect(screen.getByText('north hall')).toBeInTheDocument();
  });
});

describe('DataTable on a desktop', () => {
  it('is antd`s table', () => {
    render(<DataTable<Row> rowKey="id" columns={columns} dataSource={rows} pagination={false} />);
    expect(document.querySelector('table')).not.toBeNull();
    expect(cards()).toHaveLength(0);
  });
});
