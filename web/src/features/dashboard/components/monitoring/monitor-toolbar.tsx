// The central monitoring grid's toolbar: group (all or one), search by name or SN, online-only and in-alarm-only,
// and the count of the devices online, offline and in alarm.
import { Checkbox, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import type { FilterPatch } from '@/lib/route-params';
import type { MonitorFilters } from '../../lib/monitor-params';
import { EMPTY } from '@/lib/empty';

export interface MonitorCounts {
  online: number | undefined;
  offline: number | undefined;
  alarm: number;
}

export function MonitorToolbar({
  filters,
  onFilter,
  counts,
}: {
  filters: MonitorFilters;
  onFilter: (patch: FilterPatch<MonitorFilters>) => void;
  counts: MonitorCounts;
}) {
  const { t } = useTranslation();
  const count = (n: number | undefined) => (n === undefined ? EMPTY : String(n));
  return (
    <ListToolbar className="moncheck-toolbar">
      <DeviceGroupPicker
        className="moncheck-toolbar__group"
        aria-label={t('dashboard.monitoringCheck.filter.group')}
        placeholder={t('dashboard.monitoringCheck.filter.allGroups')}
        allowClear
        value={filters.group_id}
        onChange={(id: number | undefined) => onFilter({ group_id: id })}
      />
      <ListSearch
        className="moncheck-toolbar__search"
        value={filters.q}
        placeholder={t('dashboard.monitoringCheck.filter.search')}
        onSearch={(q) => onFilter({ q })}
      />
      <Checkbox
        checked={filters.online ?? false}
        onChange={(e) => onFilter({ online: e.target.checked || undefined })}
      >
        {t('dashboard.monitoringCheck.filter.online')}
      </Checkbox>
      <Checkbox
        checked={filters.alarm ?? false}
        onChange={(e) => onFilter({ alarm: e.target.checked || undefined })}
      >
        {t('dashboard.monitoringCheck.filter.alarm')}
      </Checkbox>
      <Space
        size={12}
        className="moncheck-summary"
        role="status"
        aria-label={t('dashboard.monitoringCheck.summary.label')}
      >
        <Typography.Text className="moncheck-summary__online">
          {t('dashboard.monitoringCheck.summary.online', { count: count(counts.online) })}
        </Typography.Text>
        <Typography.Text className="moncheck-summary__offline" type="secondary">
          {t('dashboard.monitoringCheck.summary.offline', { count: count(counts.offline) })}
        </Typography.Text>
        <Typography.Text className="moncheck-summary__alarm" type={counts.alarm > 0 ? 'danger' : 'secondary'}>
          {t('dashboard.monitoringCheck.summary.alarm', { count: counts.alarm })}
        </Typography.Text>
      </Space>
    </ListToolbar>
  );
}
