// The Online time tab of /analysis/flowAnalysis: over a range of days (the last 7 by default), the online ratio of
// each device group as bars and each device's online hours, ratio, sessions and state, searched and filtered by
// group, paged by the server.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, Input, Progress, Skeleton, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '@/components/can';
import { EChart } from '@/components/charts/echart';
import { ONLINE_PARTS } from '@/components/charts/parts/online';
import { buildOnlineGroupOption, msToHours, ratioPercent } from '@/components/charts/usage';
import { ListToolbar } from '@/components/list-toolbar';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { CellText } from '@/components/table/cell-text';
import { DataTable } from '@/components/table/data-table';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { EMPTY } from '@/lib/empty';
import { Perm } from '@/lib/permissions';
import { viewerZone } from '@/lib/timezone';
import { PAGE_SIZE_DEFAULT } from '@/types/limits.gen';
import { useOnlineTime } from '../api/online-analysis';
import { percentText } from '../lib/flow-format';
import { dayRange, lastDays, RANGE_PRESETS, type Range } from '../lib/ranges';
import type { OnlineAnalysisParams, OnlineDeviceRow } from '../flow-types';
import { flowDetailPath } from './flow-traffic-tab';

const CHART_HEIGHT = 280;
/** Days in the default range. */
export const DEFAULT_DAYS = 7;

export function DeviceStateTag({ state }: { state: number | null }) {
  const { t } = useTranslation();
  if (state === null) return <Tag>{t('analysis.online.state.unknown')}</Tag>;
  return state === 1 ? (
    <Tag color="green">{t('analysis.online.state.online')}</Tag>
  ) : (
    <Tag>{t('analysis.online.state.offline')}</Tag>
  );
}

export function OnlineTimeTab() {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(() => lastDays(DEFAULT_DAYS));
  const [groupId, setGroupId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [text, setText] = useState('');
  const [paging, setPaging] = useState({ page: 1, page_size: PAGE_SIZE_DEFAULT });
  const canDetail = useCan(Perm.FLOW_DETAIL);
  const tz = viewerZone();
  const params: OnlineAnalysisParams = {
    start: range[0],
    end: range[1],
    tz,
    group_id: groupId,
    keyword,
    ...paging,
  };
  const online = useOnlineTime(params);
  const groups = online.data?.groups;
  const option = useMemo(
    () =>
      groups && groups.length > 0
        ? buildOnlineGroupOption(groups, {
            ratio: t('analysis.online.ratio'),
            noGroup: t('analysis.online.noGroup'),
          })
        : null,
    [groups, t],
  );
  const filter = (apply: () => void) => {
    apply();
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const filtered = groupId !== undefined || keyword !== undefined;

  const name = (row: OnlineDeviceRow) => row.name || row.sn;
  const columns: ColumnsType<OnlineDeviceRow> = [
    {
      key: 'device',
      title: t('analysis.online.column.device'),
      dataIndex: 'name',
      render: (_: unknown, row) => (
        <div className="analysis-device">
          {canDetail ? (
            <Link to={`${flowDetailPath(row.device_id)}?tab=online`}>{name(row)}</Link>
          ) : (
            <CellText>{name(row)}</CellText>
          )}
          <CellText secondary>{row.sn}</CellText>
        </div>
      ),
    },
    {
      key: 'group',
      title: t('analysis.online.column.group'),
      dataIndex: 'group_name',
      responsive: ['md'],
      render: (group: string | null) => group ?? EMPTY,
    },
    {
      key: 'online',
      title: t('analysis.online.column.hours'),
      dataIndex: 'online_ms',
      align: 'right',
      render: (ms: number) => t('analysis.online.hours', { hours: msToHours(ms) }),
    },
    {
      key: 'ratio',
      title: t('analysis.online.column.ratio'),
      dataIndex: 'ratio',
      width: 200,
      render: (ratio: number, row) => (
        <Progress
          percent={ratioPercent(ratio)}
          size="small"
          // A full bar reads "100%" as every other does, not a bare check mark.
          format={percentText}
          aria-label={t('analysis.online.ratioOf', { name: name(row) })}
        />
      ),
    },
    {
      key: 'sessions',
      title: t('analysis.online.column.sessions'),
      dataIndex: 'sessions',
      align: 'right',
      responsive: ['lg'],
    },
    {
      key: 'state',
      title: t('analysis.online.column.state'),
      dataIndex: 'dev_state',
      render: (state: number | null) => <DeviceStateTag state={state} />,
    },
  ];

  const chart = () => {
    if (online.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
    if (!option)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.online.noGroups')} />;
    return (
      <EChart
        option={option}
        parts={ONLINE_PARTS}
        height={CHART_HEIGHT}
        ariaLabel={t('analysis.online.groupChart')}
      />
    );
  };

  return (
    <div className="online-time">
      <Card>
        <ListToolbar className="analysis-toolbar">
          <Input.Search
            className="analysis-toolbar__search"
            allowClear
            value={text}
            placeholder={t('analysis.online.search')}
            aria-label={t('analysis.online.search')}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value === '' && keyword) filter(() => setKeyword(undefined));
            }}
            onSearch={(typed) => filter(() => setKeyword(typed.trim() || undefined))}
          />
          <DeviceGroupPicker
            className="analysis-toolbar__filter"
            allowClear
            aria-label={t('analysis.online.filter.group')}
            placeholder={t('analysis.online.filter.group')}
            value={groupId}
            onChange={(v: number | undefined) => filter(() => setGroupId(v))}
          />
          <DatePicker.RangePicker
            className="analysis-toolbar__range"
            allowClear={false}
            aria-label={t('analysis.range')}
            value={[dayjs(range[0]), dayjs(range[1])]}
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            presets={RANGE_PRESETS.map((days) => ({
              label: t('analysis.lastDays', { count: days }),
              value: () => {
                const [start, end] = lastDays(days);
                return [dayjs(start), dayjs(end)];
              },
            }))}
            onChange={(value) => {
              const [start, end] = value ?? [];
              if (start && end) filter(() => setRange(dayRange(start, end)));
            }}
          />
          <div className="analysis-toolbar__spacer" />
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('analysis.refresh')}
            loading={online.isFetching}
            onClick={() => void online.refetch()}
          />
        </ListToolbar>
        <div className="analysis-chart">
          <div className="analysis-chart__title">{t('analysis.online.groupChart')}</div>
          {chart()}
        </div>
      </Card>
      <Card>
        <DataTable<OnlineDeviceRow>
          rowKey="device_id"
          columns={columns}
          dataSource={online.data?.items ?? []}
          loading={online.isPending || (online.isFetching && online.isPlaceholderData)}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('analysis.online.noMatch') : t('analysis.online.empty')}
              />
            ),
          }}
          pagination={{
            current: paging.page,
            pageSize: paging.page_size,
            total: online.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('analysis.online.total', { total }),
          }}
          onChange={(pagination) => {
            setPaging({ page: pagination.current ?? 1, page_size: pagination.pageSize ?? paging.page_size });
          }}
        />
      </Card>
    </div>
  );
}
