// An alarm list: a toolbar (the caller's filters and actions, then refresh) over the paged alarm table.
import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '../list-toolbar';
import type { AlarmPage } from '@/lib/alarms/types';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { useClampPage } from '@/lib/route-params';
import type { AlarmListState } from '@/lib/alarms/use-alarm-list-params';
import { AlarmLevelLegend } from './alarm-tags';
import { AlarmTable, type AlarmTableProps } from './alarm-table';
import './alarms.css';

export interface AlarmListProps extends Pick<
  AlarmTableProps,
  'mode' | 'showDevice' | 'selectedIds' | 'onSelect' | 'onConfirm' | 'onShelve' | 'onUnshelve' | 'shelved'
> {
  alarms: UseQueryResult<AlarmPage>;
  list: AlarmListState;
  /** The toolbar's start. */
  filters: ReactNode;
  /** The toolbar's end, before the refresh button. */
  actions?: ReactNode;
}

export function AlarmList({ alarms, list, filters, actions, ...table }: AlarmListProps) {
  const { t } = useTranslation();
  const { params, filtered } = list;
  useClampPage(list, alarms.data?.total);
  return (
    <>
      <ListToolbar className="alarm-toolbar">
        {filters}
        <div className="alarm-toolbar__spacer" />
        <AlarmLevelLegend />
        {actions}
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('telemetry.alarm.refresh')}
          loading={alarms.isFetching}
          onClick={() => void alarms.refetch()}
        />
      </ListToolbar>
      <AlarmTable
        {...table}
        alarms={alarms.data?.items ?? []}
        loading={alarms.isPending || (alarms.isFetching && alarms.isPlaceholderData)}
        emptyText={
          alarms.isError
            ? t('telemetry.alarm.loadFailed')
            : filtered
              ? t('telemetry.alarm.noMatch')
              : table.mode === 'history'
                ? t('telemetry.alarm.emptyHistory')
                : table.shelved
                  ? t('telemetry.alarm.shelve.empty')
                  : t('telemetry.alarm.empty')
        }
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: alarms.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (total) => t('telemetry.alarm.total', { total }),
        }}
        onPageChange={list.setPage}
      />
    </>
  );
}
