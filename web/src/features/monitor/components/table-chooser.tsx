// A choice of monitoring tables with their order, as a form field (value: the chosen ids in order): the chosen tables
// first, each with its place moved up or down, then the others to tick. The monitor setting's tables and a group's
// tables are chosen with it. One line per table, so it reads the same on a phone.
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import type { WatchedTable } from '../api/monitor';
import { moved } from '../lib/setting';

export interface TableChooserProps {
  /** Every table the user may choose (those they watch). */
  tables: readonly WatchedTable[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** At most this many may be chosen. */
  max: number;
  id?: string;
}

export function TableChooser({ tables, value = [], onChange, max, id }: TableChooserProps) {
  const { t } = useTranslation();
  const byId = new Map(tables.map((x) => [x.id, x]));
  const chosen = value.filter((i) => byId.has(i));
  const others = tables.filter((x) => !chosen.includes(x.id));
  const full = chosen.length >= max;
  const set = (ids: number[]) => onChange?.(ids);

  if (tables.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.tables.empty')} />;

  const line = (table: WatchedTable, index: number | null) => (
    <li key={table.id} className="iot-monitor-choice" data-testid={`choice-${table.id}`}>
      <Checkbox
        checked={index !== null}
        disabled={index === null && full}
        onChange={(e) => set(e.target.checked ? [...chosen, table.id] : chosen.filter((i) => i !== table.id))}
      >
        <span className="iot-monitor-choice-name">{table.name}</span>
        <Typography.Text type="secondary" className="iot-monitor-choice-template">
          {table.template_name}
        </Typography.Text>
      </Checkbox>
      {index !== null ? (
        <span className="iot-monitor-choice-order">
          <Typography.Text type="secondary">{index + 1}</Typography.Text>
          <Tooltip title={t('monitor.setting.up')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('monitor.setting.upOf', { name: `${table.template_name} · ${table.name}` })}
              disabled={index === 0}
              onClick={() => set(moved(chosen, index, -1))}
            />
          </Tooltip>
          <Tooltip title={t('monitor.setting.down')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('monitor.setting.downOf', { name: `${table.template_name} · ${table.name}` })}
              disabled={index === chosen.length - 1}
              onClick={() => set(moved(chosen, index, 1))}
            />
          </Tooltip>
        </span>
      ) : null}
    </li>
  );

  return (
    <ul className="iot-monitor-choices" id={id}>
      {chosen.flatMap((i, index) => {
        const table = byId.get(i);
        return table ? [line(table, index)] : [];
      })}
      {others.map((x) => line(x, null))}
    </ul>
  );
}
