// A sector's dashboards in the order the sector shows them: add one of the dashboards the caller sees, move one up or
// down, remove it. A dashboard the caller no longer sees (the server gives only its id) stays listed, marked, and may
// be removed.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Empty, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import type { DashboardSummary, SectorDashboard } from '@/lib/dashboards/types';
import { SECTOR_DASHBOARDS_MAX } from '@/types/limits.gen';

interface SectorDashboardsFieldProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  /** The dashboards the caller sees (what may be added). */
  options: readonly DashboardSummary[];
  /** The sector's dashboards as the server gave them (names of those already held). */
  held: readonly SectorDashboard[];
  loading: boolean;
}

export function SectorDashboardsField({
  value = [],
  onChange,
  id,
  options,
  held,
  loading,
}: SectorDashboardsFieldProps) {
  const { t } = useTranslation();
  const names = new Map<number, string>();
  for (const d of held) if (d.available) names.set(d.id, d.name);
  for (const d of options) names.set(d.id, d.name);
  const full = value.length >= SECTOR_DASHBOARDS_MAX;

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    onChange?.(next);
  };

  return (
    <div className="sector-dashboards">
      <Select<number>
        id={id}
        className="sector-dashboards__add"
        value={null}
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        disabled={full}
        placeholder={
          full
            ? t('dashboards.sectors.form.dashboardsFull', { max: SECTOR_DASHBOARDS_MAX })
            : t('dashboards.sectors.form.addDashboard')
        }
        aria-label={t('dashboards.sectors.form.addDashboard')}
        options={options.filter((d) => !value.includes(d.id)).map((d) => ({ value: d.id, label: d.name }))}
        onChange={(picked) => onChange?.([...value, picked])}
      />
      {value.length === 0 ? (
        <Empty
          className="sector-dashboards__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('dashboards.sectors.form.noDashboards')}
        />
      ) : (
        <ol className="sector-dashboards__list" aria-label={t('dashboards.sectors.form.order')}>
          {value.map((dashboardId, i) => {
            const name = names.get(dashboardId);
            const label = name ?? t('dashboards.sectors.unavailable', { id: dashboardId });
            return (
              <li key={dashboardId} className="sector-dashboards__item">
                <span className="sector-dashboards__order">{i + 1}</span>
                <Typography.Text ellipsis className="sector-dashboards__name" title={label}>
                  {name ?? (
                    <Tag color="warning" variant="filled" icon={<WarningOutlined />}>
                      {label}
                    </Tag>
                  )}
                </Typography.Text>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('dashboards.sectors.form.up', { name: label })}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('dashboards.sectors.form.down', { name: label })}
                  disabled={i === value.length - 1}
                  onClick={() => move(i, i + 1)}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('dashboards.sectors.form.remove', { name: label })}
                  onClick={() => onChange?.(value.filter((x) => x !== dashboardId))}
                />
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
