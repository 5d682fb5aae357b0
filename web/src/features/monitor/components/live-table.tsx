// A monitoring table live (docs/api-monitor.md): one row per device the viewer reads, one column per data source the
// table's design names, in its header groups, widths, alignment and frozen columns. The seed answer's values are
// followed on the live socket: every row's device is subscribed to the table's data sources, and pushes are applied
// at most every APPLY_EVERY_MS on an animation frame (lib/frame-pacer), only the rows on screen being drawn (antd's
// virtual table) and of them only the cells of rows whose device pushed (bench/monitor_table.py). A value
// takes its colour band, greys once older than the design's stale_after_s, and a cell with an alarm not recovered yet
// carries a mark of its level. Sort and filter by any column; export what is shown as CSV. On a phone: one card per
// device. The viewer's monitor setting may read the table again every period instead of following the socket
// (`live` false), draw it compact, and hide the rows that hold no fresh value.
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Input, List, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnGroupType, ColumnType } from 'antd/es/table';
import {
  cloneElement,
  useEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactElement,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useIsPhone } from '@/components/use-phone';
import { saveBlob } from '@/lib/download';
import { EMPTY } from '@/lib/empty';
import { animationFrame, createPacer, type FrameScheduler } from '@/lib/frame-pacer';
import { formatTime, withUnit } from '@/lib/telemetry/format';
import { rtdClient, useAlarmFeed } from '@/lib/ws';

import { monitorKeys, type Density, type MonitorTableLive } from '../api/monitor';
import {
  bandOf,
  cellText,
  compareCells,
  isStale,
  isStaleRow,
  passes,
  seedCell,
  titleOf,
  toCsv,
  unitOf,
  type Cell,
  type CellFilter,
} from '../lib/cells';
import { useNow } from '../lib/use-now';

const ONLINE = 1;
/** From this many rows on, only the rows on screen are drawn (antd's virtual table). */
const VIRTUAL_FROM = 50;
const FILTERS: readonly CellFilter[] = ['alarm', 'stale', 'empty', 'normal'];
const LEVEL_COLORS = ['', '#1677ff', '#13c2c2', '#faad14', '#fa541c', '#f5222d'];

/** What the table's own controls chose: each column's filters and the sort (the export follows them). */
interface TableView {
  filters: Record<string, CellFilter[] | null>;
  sort: { key: string; order: 'ascend' | 'descend' } | null;
}

interface ViewRow {
  key: number;
  deviceId: number;
  sn: string;
  alias: string;
  online: boolean;
  cells: (Cell | null)[];
  alarms: number[];
}

/**
 * The table applies its pushes at most this often (ms), on an animation frame. Each apply redraws the antd table (its
 * header and the visible rows' cells, the unchanged ones only looked at), which costs the same for one pushed device
 * as for fifty: at 500 devices pushing every second, an apply on every frame kept the main thread over half busy
 * (bench/monitor_table.py). A value changing once a second shows at most this much later.
 */
export const APPLY_EVERY_MS = 250;
const tableFrame: FrameScheduler = (callback) => {
  let cancelFrame: (() => void) | null = null;
  const timer = setTimeout(() => {
    cancelFrame = animationFrame(callback);
  }, APPLY_EVERY_MS);
  return () => {
    clearTimeout(timer);
    cancelFrame?.();
  };
};

/** The rows as last built, and what they were built from: a frame rebuilds only the rows whose device pushed. */
interface Built {
  rows: ViewRow[];
  from: readonly unknown[];
}

/**
 * The table's rows, its answer merged with the live values. Each applied frame builds anew only the rows of the devices
 * that pushed since the last one and keeps every other row the same object, so the table redraws only the cells of
 * changed rows (`shouldCellUpdate`); the table, the language or the stale clock (`now`) moving builds them all.
 */
function useLiveRows(table: MonitorTableLive, live: boolean, now: number, locale: string): ViewRow[] {
  const [version, setVersion] = useState(0);
  const dirty = useRef(new Set<number>());
  const built = useRef<Built | null>(null);
  const sourceIds = useMemo(() => table.design.columns.map((c) => c.source_id), [table]);
  const devices = useMemo(() => table.rows.map((r) => r.device_id).join(','), [table]);
  useEffect(() => {
    if (!live) return undefined;
    const client = rtdClient();
    const pacer = createPacer(() => setVersion((v) => v + 1), tableFrame, null);
    const ids = devices ? devices.split(',').map(Number) : [];
    const offs = ids.map((id) =>
      client.subscribeDevice(id, sourceIds, () => {
        dirty.current.add(id);
        pacer.request();
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [devices, sourceIds, live]);
  /* eslint-disable react-hooks/refs -- the rows kept between frames and the devices that pushed meanwhile are the
     point of this memo: rebuilding them is idempotent, so a second call of it changes nothing. */
  return useMemo(() => {
    const client = rtdClient();
    const build = (row: MonitorTableLive['rows'][number]): ViewRow => {
      // Re-read periodically, the table's own answer is the truth: the socket is not followed.
      const pushedState = live ? client.getDevice(row.device_id) : null;
      return {
        key: row.device_id,
        deviceId: row.device_id,
        sn: row.sn_code,
        alias: row.dev_alias,
        online: (pushedState?.devState ?? row.dev_state) === ONLINE,
        cells: sourceIds.map((id, i) => {
          const pushed = pushedState?.values[id];
          return pushed ? { v: pushed.v, ts: pushed.ts, q: pushed.q } : seedCell(row, i);
        }),
        alarms: row.alarms,
      };
    };
    const from = [table, sourceIds, live, now, locale];
    const last = built.current;
    const changed = dirty.current;
    dirty.current = new Set();
    let rows: ViewRow[];
    if (last?.from.every((value, i) => value === from[i])) {
      rows =
        changed.size === 0
          ? last.rows
          : last.rows.map((row, i) => {
              const source = table.rows[i];
              return source && changed.has(row.deviceId) ? build(source) : row;
            });
    } else {
      rows = table.rows.map(build);
    }
    built.current = { rows, from };
    return rows;
    // `version` moves on every applied frame: the pushed devices' values are read again then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table, sourceIds, version, live, now, locale]);
  /* eslint-enable react-hooks/refs */
}

/**
 * A cell's tip, an antd Tooltip only once the pointer or the focus has come to the cell: a Tooltip in each of the
 * hundreds of cells on screen cost more to draw again on every value than the cell itself.
 */
function CellTip({
  tip,
  children,
}: {
  tip: () => string;
  children: ReactElement<HTMLAttributes<HTMLElement>>;
}) {
  const [armed, setArmed] = useState(false);
  if (armed)
    return (
      <Tooltip title={tip} mouseEnterDelay={0.4}>
        {children}
      </Tooltip>
    );
  const arm = () => setArmed(true);
  return cloneElement(children, { onMouseEnter: arm, onFocus: arm });
}

/** A cell is drawn again only when its row is a new object (useLiveRows builds one for a changed row). */
const rowChanged = (row: ViewRow, previous: ViewRow) => row !== previous;

export interface LiveTableProps {
  table: MonitorTableLive;
  /** The table's own height (the virtual list needs one). */
  height?: number;
  /** Follow the live socket (the default); false: the caller reads the table again every period. */
  live?: boolean;
  density?: Density;
  /** Show rows that hold no fresh value (greyed; the default); false hides them. */
  showStale?: boolean;
}

/** Compact rows are at most this high. */
const COMPACT_ROW_MAX = 28;

export function LiveTable({
  table,
  height = 560,
  live = true,
  density = 'normal',
  showStale = true,
}: LiveTableProps) {
  const { t, i18n } = useTranslation();
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const locale = i18n.language;
  const now = useNow();
  const rows = useLiveRows(table, live, now, locale);
  const [query, setQuery] = useState('');
  const [view, setView] = useState<TableView>({ filters: {}, sort: null });
  const { design, sources } = table;
  const missing = t('monitor.table.missingSource');

  // An alarm of a row's device changes its marks: the table is read again (alarms are rare, values are not).
  const devices = useMemo(() => new Set(table.rows.map((r) => r.device_id)), [table]);
  useAlarmFeed((alarm) => {
    // A read already under way is kept, not restarted: an alarm storm makes one read at a time, not a cancelled
    // one per alarm that never finishes.
    if (devices.has(alarm.device_id))
      void queryClient.invalidateQueries({ queryKey: monitorKeys.table(table.id) }, { cancelRefetch: false });
  }, live);

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    const fresh = showStale ? rows : rows.filter((r) => !isStaleRow(r, design.stale_after_s, now));
    return q
      ? fresh.filter((r) => r.alias.toLowerCase().includes(q) || r.sn.toLowerCase().includes(q))
      : fresh;
  }, [rows, query, showStale, design.stale_after_s, now]);
  const hiddenStale = showStale ? 0 : rows.filter((r) => isStaleRow(r, design.stale_after_s, now)).length;

  const compact = density === 'compact';
  const rowHeight = compact ? Math.min(design.row_height, COMPACT_ROW_MAX) : design.row_height;
  const deviceTitle = design.device.title || t('monitor.table.device');
  const deviceCell = (row: ViewRow) => (
    <div className="iot-monitor-device">
      {design.device.show_state ? (
        <Badge
          status={row.online ? 'success' : 'default'}
          title={row.online ? t('monitor.table.online') : t('monitor.table.offline')}
          aria-label={row.online ? t('monitor.table.online') : t('monitor.table.offline')}
        />
      ) : null}
      <Link to={`/monitor/middlewaresDevice/id=${row.deviceId}/module=${table.id}`}>
        {row.alias || row.sn}
      </Link>
      {design.device.show_sn && row.alias ? (
        <span className="iot-monitor-sn text-secondary">{row.sn}</span>
      ) : null}
    </div>
  );

  const valueCell = (row: ViewRow, index: number) => {
    const column = design.columns[index];
    if (!column) return null;
    const source = sources[index] ?? null;
    const cell = row.cells[index] ?? null;
    const text = cellText(cell, column, source, locale);
    const band = bandOf(cell, column.bands);
    const stale = isStale(cell, design.stale_after_s, now);
    const level = row.alarms[index] ?? 0;
    const style = {
      color: band?.color ?? undefined,
      background: band?.background ?? undefined,
      boxShadow: level > 0 ? `inset 3px 0 0 ${LEVEL_COLORS[level] ?? LEVEL_COLORS[5]}` : undefined,
    };
    // Formatted when the tip opens, not on every value.
    const tip = () =>
      cell
        ? [
            t('monitor.table.updatedAt', { time: formatTime(cell.ts, 'YYYY-MM-DD HH:mm:ss') }),
            stale ? t('monitor.table.staleHint') : '',
            level > 0 ? t('monitor.table.alarmHint', { level }) : '',
          ]
            .filter(Boolean)
            .join(' · ')
        : t('monitor.table.noValue');
    return (
      <CellTip tip={tip}>
        <div
          className={`iot-monitor-cell${stale ? ' iot-monitor-stale' : ''}`}
          style={style}
          data-alarm={level || undefined}
          data-testid={`cell-${row.deviceId}-${column.source_id}`}
        >
          {text === '' ? EMPTY : text}
        </div>
      </CellTip>
    );
  };

  type Col = ColumnType<ViewRow> | ColumnGroupType<ViewRow>;
  const columns = useMemo<Col[]>(() => {
    const out: Col[] = [
      {
        key: 'device',
        title: deviceTitle,
        width: design.device.width,
        fixed: design.device.frozen ? 'left' : undefined,
        sorter: (a, b) => (a.alias || a.sn).localeCompare(b.alias || b.sn),
        shouldCellUpdate: rowChanged,
        render: (_: unknown, row: ViewRow) => deviceCell(row),
      },
    ];
    let group: ColumnGroupType<ViewRow> | null = null;
    design.columns.forEach((column, index) => {
      const source = sources[index] ?? null;
      const col: ColumnType<ViewRow> = {
        key: `c${column.source_id}`,
        title: withUnit(titleOf(column, source, missing), unitOf(column, source)),
        width: column.width,
        align: column.align,
        fixed: column.frozen ? 'left' : undefined,
        onCell: () => ({ className: 'iot-monitor-td' }),
        shouldCellUpdate: rowChanged,
        sorter: (a, b) => compareCells(a.cells[index] ?? null, b.cells[index] ?? null),
        filters: FILTERS.map((f) => ({ text: t(`monitor.filter.${f}`), value: f })),
        onFilter: (value, row) =>
          passes(
            value as CellFilter,
            row.cells[index] ?? null,
            row.alarms[index] ?? 0,
            design.stale_after_s,
            Date.now(),
          ),
        render: (_: unknown, row: ViewRow) => valueCell(row, index),
      };
      if (column.group) {
        if (group?.title === column.group) group.children.push(col);
        else {
          group = { key: `g${index}`, title: column.group, children: [col] };
          out.push(group);
        }
      } else {
        group = null;
        out.push(col);
      }
    });
    return out;
    // The cells read `now` and the live values through `rows`; the columns change with the design and the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [design, sources, locale, now, table.id]);

  /** The rows as the table shows them: the search, then each column's filters, then its sort. */
  const shownRows = (): ViewRow[] => {
    let out = filtered;
    for (const [key, values] of Object.entries(view.filters)) {
      const index = design.columns.findIndex((c) => `c${c.source_id}` === key);
      if (index < 0 || !values?.length) continue;
      const at = Date.now();
      out = out.filter((row) =>
        values.some((f) =>
          passes(f, row.cells[index] ?? null, row.alarms[index] ?? 0, design.stale_after_s, at),
        ),
      );
    }
    const sort = view.sort;
    if (sort) {
      const index = design.columns.findIndex((c) => `c${c.source_id}` === sort.key);
      const compare =
        index < 0
          ? (a: ViewRow, b: ViewRow) => (a.alias || a.sn).localeCompare(b.alias || b.sn)
          : (a: ViewRow, b: ViewRow) => compareCells(a.cells[index] ?? null, b.cells[index] ?? null);
      out = [...out].sort((a, b) => (sort.order === 'descend' ? -compare(a, b) : compare(a, b)));
    }
    return out;
  };

  const exportShown = () => {
    const header = [
      deviceTitle,
      ...design.columns.map((c, i) =>
        withUnit(titleOf(c, sources[i] ?? null, missing), unitOf(c, sources[i] ?? null)),
      ),
    ];
    const lines = shownRows().map((row) => [
      row.alias || row.sn,
      ...design.columns.map((c, i) => cellText(row.cells[i] ?? null, c, sources[i] ?? null, locale)),
    ]);
    saveBlob(new Blob([toCsv(header, lines)], { type: 'text/csv;charset=utf-8' }), `${table.name}.csv`);
  };

  const toolbar = (
    <Space wrap className="iot-monitor-toolbar">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('monitor.table.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-label={t('monitor.table.search')}
        style={{ width: phone ? '100%' : 240 }}
      />
      <Button icon={<DownloadOutlined />} onClick={exportShown} disabled={filtered.length === 0}>
        {t('monitor.table.export')}
      </Button>
      <Typography.Text type="secondary">
        {table.total > table.rows.length
          ? t('monitor.table.countOf', { count: table.rows.length, total: table.total })
          : t('monitor.table.count', { count: table.rows.length })}
        {hiddenStale > 0 ? ` · ${t('monitor.table.staleHidden', { count: hiddenStale })}` : ''}
      </Typography.Text>
    </Space>
  );

  if (table.rows.length === 0) {
    return <Empty description={t('monitor.table.noRows')} />;
  }

  if (phone) {
    return (
      <>
        {toolbar}
        <List
          dataSource={filtered}
          pagination={{ pageSize: 20, size: 'small', hideOnSinglePage: true }}
          renderItem={(row) => (
            <List.Item key={row.key}>
              <Card size="small" title={deviceCell(row)} className="iot-monitor-card">
                <dl className="iot-monitor-card-grid">
                  {design.columns.map((column, index) => (
                    <div key={column.source_id}>
                      <dt>
                        {withUnit(
                          titleOf(column, sources[index] ?? null, missing),
                          unitOf(column, sources[index] ?? null),
                        )}
                      </dt>
                      <dd>{valueCell(row, index)}</dd>
                    </div>
                  ))}
                </dl>
              </Card>
            </List.Item>
          )}
        />
      </>
    );
  }

  const width = design.device.width + design.columns.reduce((sum, c) => sum + c.width, 0);
  return (
    <>
      {toolbar}
      <Table<ViewRow>
        className={compact ? 'iot-monitor-table--compact' : undefined}
        virtual={filtered.length > VIRTUAL_FROM}
        size="small"
        bordered
        rowKey="key"
        columns={columns}
        dataSource={filtered}
        pagination={false}
        scroll={{ x: width, ...(filtered.length > VIRTUAL_FROM ? { y: height } : {}) }}
        onRow={() => ({ style: { height: rowHeight } })}
        onChange={(_page, filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          setView({
            filters: filters as Record<string, CellFilter[] | null>,
            sort: one?.order && one.columnKey ? { key: String(one.columnKey), order: one.order } : null,
          });
        }}
        locale={{ emptyText: t('monitor.table.noMatch') }}
      />
    </>
  );
}
