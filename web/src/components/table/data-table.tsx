// A list's table: antd's Table from a tablet up; on a phone the same columns stacked as one card per row (a title
// line, label and value lines, the actions at the foot), with selection, paging, loading and the empty state kept.
import { Checkbox, Empty, Pagination, Spin, Table } from 'antd';
import type { TableColumnType, TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { isValidElement, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useIsPhone } from '../use-phone';
import type { Breakpoint } from './fit-columns';
import './data-table.css';

type Column<T> = TableColumnType<T>;

/** Columns shown only from 1600 px up are left off a card too: they are the least needed. */
const LOW_PRIORITY: readonly Breakpoint[] = ['xxl', 'xxxl'];

function flatColumns<T>(columns: TableProps<T>['columns']): Column<T>[] {
  const out: Column<T>[] = [];
  for (const column of columns ?? []) {
    if ('children' in column && Array.isArray(column.children)) out.push(...flatColumns<T>(column.children));
    else out.push(column);
  }
  return out;
}

function onCard<T>(column: Column<T>): boolean {
  const shown = column.responsive;
  return !shown || shown.some((bp) => !LOW_PRIORITY.includes(bp));
}

function valueOf<T>(record: T, dataIndex: Column<T>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex)
    ? (dataIndex as readonly (string | number)[])
    : [dataIndex as string | number];
  let value: unknown = record;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

/** What a column shows for a record, as the table would render it. */
export function cellOf<T>(column: Column<T>, record: T, index: number): ReactNode {
  const value = valueOf(record, column.dataIndex);
  if (!column.render) return value === undefined || value === null ? '' : (value as ReactNode);
  const rendered: unknown = column.render(value, record, index);
  // antd lets render answer { children, props } for cell spans.
  if (rendered && typeof rendered === 'object' && !isValidElement(rendered) && 'children' in rendered) {
    return (rendered as { children: ReactNode }).children;
  }
  return rendered as ReactNode;
}

function titleOf<T>(column: Column<T>): ReactNode {
  const { title } = column;
  return typeof title === 'function' ? title({}) : title;
}

function keyOf<T>(record: T, rowKey: TableProps<T>['rowKey'], index: number): Key {
  if (typeof rowKey === 'function') return rowKey(record, index);
  const key = valueOf(record, (rowKey ?? 'key') as Column<T>['dataIndex']);
  return typeof key === 'string' || typeof key === 'number' ? key : index;
}

/** The sorter the table's controlled columns hold, so that turning a page on a phone keeps the sort. */
function currentSorter<T>(columns: Column<T>[]): SorterResult<T> {
  const sorted = columns.find((column) => column.sortOrder);
  if (!sorted) return {};
  return {
    column: sorted,
    columnKey: sorted.key,
    field: sorted.dataIndex as Key,
    order: sorted.sortOrder ?? null,
  };
}

function CardList<T extends object>(props: TableProps<T>) {
  const { t } = useTranslation();
  const { columns: tree, dataSource, rowKey, rowSelection, pagination, loading, locale, expandable } = props;
  const all = dataSource ?? [];
  const flat = flatColumns(tree);
  const columns = flat.filter(onCard);
  const actions = columns.find((column) => column.key === 'actions');
  const [head, ...body] = columns.filter((column) => column !== actions);
  const [open, setOpen] = useState<ReadonlySet<Key>>(new Set());
  const paging: TablePaginationConfig | false = pagination ?? {};
  // Without a total the table pages the rows it was given itself (antd's client-side paging).
  const local = paging !== false && paging.total === undefined;
  const [localPage, setLocalPage] = useState({
    current: 1,
    pageSize: paging ? (paging.defaultPageSize ?? paging.pageSize ?? 10) : 10,
  });
  const current = local ? localPage.current : paging ? (paging.current ?? 1) : 1;
  const pageSize = local ? localPage.pageSize : paging ? (paging.pageSize ?? 10) : all.length;
  const total = paging ? (paging.total ?? all.length) : all.length;
  const rows = local ? all.slice((current - 1) * pageSize, current * pageSize) : all;

  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const selectable = rows
    .map((record, index) => ({ record, key: keyOf(record, rowKey, index) }))
    .filter(({ record }) => !rowSelection?.getCheckboxProps?.(record).disabled);
  const select = (keys: Key[]) => {
    const chosen = new Set(keys);
    rowSelection?.onChange?.(
      keys,
      rows.filter((record, index) => chosen.has(keyOf(record, rowKey, index))),
      { type: 'multiple' },
    );
  };
  const allChosen = selectable.length > 0 && selectable.every(({ key }) => selected.has(key));

  const turn = (page: number, size: number) => {
    if (local) setLocalPage({ current: page, pageSize: size });
    if (paging) paging.onChange?.(page, size);
    props.onChange?.({ ...(paging || {}), current: page, pageSize: size }, {}, currentSorter(flat), {
      action: 'paginate',
      currentDataSource: all as T[],
    });
  };
  const spinning = typeof loading === 'object' ? Boolean(loading.spinning) : Boolean(loading);
  const empty = locale?.emptyText;

  return (
    <Spin spinning={spinning}>
      <div className="data-cards" role="list">
        {rowSelection && selectable.length > 0 && (
          <div className="data-cards__select-all">
            <Checkbox
              checked={allChosen}
              indeterminate={!allChosen && selectable.some(({ key }) => selected.has(key))}
              onChange={(event) => select(event.target.checked ? selectable.map(({ key }) => key) : [])}
            >
              {t('common.table.selectAll', { count: selected.size })}
            </Checkbox>
          </div>
        )}
        {rows.length === 0 && !spinning && (
          <div className="data-cards__empty">
            {empty === undefined ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : typeof empty === 'function' ? (
              empty()
            ) : (
              empty
            )}
          </div>
        )}
        {rows.map((record, index) => {
          const key = keyOf(record, rowKey, index);
          const rowClass =
            typeof props.rowClassName === 'function'
              ? props.rowClassName(record, index, 0)
              : props.rowClassName;
          const checkbox = rowSelection?.getCheckboxProps?.(record);
          const expandedRow =
            expandable?.expandedRowRender && (expandable.rowExpandable?.(record) ?? true)
              ? expandable.expandedRowRender(record, index, 0, open.has(key))
              : null;
          return (
            <div
              key={key}
              className={['data-card', rowClass ?? ''].filter(Boolean).join(' ')}
              role="listitem"
            >
              <div className="data-card__head">
                {rowSelection && (
                  <Checkbox
                    checked={selected.has(key)}
                    disabled={checkbox?.disabled}
                    aria-label={t('common.table.selectRow')}
                    onChange={(event) =>
                      select(
                        event.target.checked
                          ? [...selected, key]
                          : [...selected].filter((chosen) => chosen !== key),
                      )
                    }
                  />
                )}
                <div className="data-card__title">{head ? cellOf(head, record, index) : null}</div>
              </div>
              {body.length > 0 && (
                <dl className="data-card__fields">
                  {body.map((column, position) => (
                    <div className="data-card__field" key={String(column.key ?? position)}>
                      <dt>{titleOf(column)}</dt>
                      <dd>{cellOf(column, record, index)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {expandedRow !== null && (
                <div className="data-card__more">
                  <button
                    type="button"
                    className="data-card__toggle"
                    aria-expanded={open.has(key)}
                    onClick={() =>
                      setOpen((was) => {
                        const next = new Set(was);
                        if (next.has(key)) next.delete(key);
                        else next.add(key);
                        return next;
                      })
                    }
                  >
                    {open.has(key) ? t('common.table.lessDetail') : t('common.table.moreDetail')}
                  </button>
                  {open.has(key) && <div className="data-card__expanded">{expandedRow}</div>}
                </div>
              )}
              {actions && <div className="data-card__actions">{cellOf(actions, record, index)}</div>}
            </div>
          );
        })}
      </div>
      {paging && total > 0 && !(paging.hideOnSinglePage && total <= pageSize) && (
        <Pagination
          className="data-cards__pagination"
          size="small"
          showLessItems
          current={current}
          pageSize={pageSize}
          total={total}
          showTotal={paging.showTotal}
          onChange={turn}
        />
      )}
    </Spin>
  );
}

/** antd's Table, or on a phone its rows as cards (see the file's opening). Takes what Table takes. */
export function DataTable<T extends object>(props: TableProps<T>) {
  const phone = useIsPhone();
  return phone ? <CardList<T> {...props} /> : <Table<T> {...props} />;
}
