// The Traffic tab of /analysis/flowAnalysis: the totals of the caller's flow cards on top (cards, in warning, shut
// down, used of total), then the cards (one per device), searched, filtered by group and status and paged by the
// server; the filters live in the URL.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Select, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '@/components/can';
import { round2 } from '@/components/charts/usage';
import { ListSearch, ListToolbar } from '@/components/list-toolbar';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { CellText } from '@/components/table/cell-text';
import { DataTable } from '@/components/table/data-table';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { EMPTY } from '@/lib/empty';
import { Perm } from '@/lib/permissions';
import { colors } from '@/lib/theme';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { useFlowCards } from '../api/flow-analysis';
import { FLOW_STATUSES, type FlowAnalysisParams, type FlowCardRow, type FlowStatus } from '../flow-types';
import { UsageBar } from './usage-bar';

const LIST_PARAMS: ParamSpec<Omit<FlowAnalysisParams, 'page' | 'page_size'>> = {
  keyword: param.text,
  group_id: param.id,
  status: param.oneOf<FlowStatus>(FLOW_STATUSES),
};

const STATUS_COLOR: Record<string, string> = { normal: 'green', shutdown: 'red', abnormal: 'orange' };

export const flowDetailPath = (deviceId: number) => `/analysis/flowAnalysis/detail/${String(deviceId)}`;

export function FlowStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (FLOW_STATUSES as readonly string[]).includes(status);
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'}>
      {known ? t(`analysis.flow.status.${status}`) : status}
    </Tag>
  );
}

export function FlowTrafficTab() {
  const { t } = useTranslation();
  const list = useListParams(LIST_PARAMS);
  const { params, filter } = list;
  const cards = useFlowCards(params);
  useClampPage(list, cards.data?.total);
  const canDetail = useCan(Perm.FLOW_DETAIL);
  const summary = cards.data?.summary;
  const filtered =
    params.keyword !== undefined || params.group_id !== undefined || params.status !== undefined;

  const name = (row: FlowCardRow) => row.name || row.sn;
  const columns: ColumnsType<FlowCardRow> = [
    {
      key: 'device',
      title: t('analysis.flow.column.device'),
      dataIndex: 'name',
      render: (_: unknown, row) => (
        <div className="analysis-device">
          {canDetail ? (
            <Link to={flowDetailPath(row.device_id)}>{name(row)}</Link>
          ) : (
            <CellText>{name(row)}</CellText>
          )}
          <CellText secondary>{row.sn}</CellText>
        </div>
      ),
    },
    {
      key: 'group',
      title: t('analysis.flow.column.group'),
      dataIndex: 'group_name',
      responsive: ['lg'],
      render: (group: string | null) => group ?? EMPTY,
    },
    {
      key: 'iccid',
      title: t('analysis.flow.column.iccid'),
      dataIndex: 'iccid',
      responsive: ['md'],
      render: (iccid: string, row) => (
        <div className="analysis-device">
          <CellText>{iccid}</CellText>
          {row.package_name && <CellText secondary>{row.package_name}</CellText>}
        </div>
      ),
    },
    {
      key: 'usage',
      title: t('analysis.flow.column.usage'),
      width: 260,
      render: (_: unknown, row) => <UsageBar card={row} />,
    },
    {
      key: 'warning',
      title: t('analysis.flow.column.warning'),
      dataIndex: 'warning_mb',
      align: 'right',
      responsive: ['lg'],
      render: (mb: number, row) =>
        row.warning ? <Tag color="orange">{`${String(round2(mb))} MB`}</Tag> : `${String(round2(mb))} MB`,
    },
    {
      key: 'status',
      title: t('analysis.flow.column.status'),
      dataIndex: 'status',
      render: (status: string) => <FlowStatusTag status={status} />,
    },
    {
      key: 'expiry',
      title: t('analysis.flow.column.expiry'),
      dataIndex: 'expiry_date',
      responsive: ['md'],
      render: (date: string | null) => (date ? date.slice(0, 10) : EMPTY),
    },
    ...(canDetail
      ? [
          {
            key: 'actions',
            title: t('analysis.flow.column.actions'),
            width: 90,
            render: (_: unknown, row: FlowCardRow) => (
              <Link
                to={flowDetailPath(row.device_id)}
                aria-label={t('analysis.flow.detailOf', { name: name(row) })}
              >
                {t('analysis.flow.detail')}
              </Link>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="flow-traffic">
      <Row gutter={[12, 12]} className="analysis-summary">
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('analysis.flow.summary.cards')}
              value={summary?.cards ?? 0}
              loading={!summary}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('analysis.flow.summary.warning')}
              value={summary?.warning ?? 0}
              loading={!summary}
              styles={summary?.warning ? { content: { color: colors.warning } } : {}}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('analysis.flow.summary.shutdown')}
              value={summary?.shutdown ?? 0}
              loading={!summary}
              styles={summary?.shutdown ? { content: { color: colors.danger } } : {}}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('analysis.flow.summary.used')}
              value={round2(summary?.used_mb ?? 0)}
              suffix={`/ ${String(round2(summary?.total_mb ?? 0))} MB`}
              loading={!summary}
            />
          </Card>
        </Col>
      </Row>
      <Card>
        <ListToolbar className="analysis-toolbar">
          <ListSearch
            className="analysis-toolbar__search"
            value={params.keyword}
            placeholder={t('analysis.flow.search')}
            onSearch={(keyword) => filter({ keyword })}
          />
          <DeviceGroupPicker
            className="analysis-toolbar__filter"
            allowClear
            aria-label={t('analysis.flow.filter.group')}
            placeholder={t('analysis.flow.filter.group')}
            value={params.group_id}
            onChange={(v: number | undefined) => filter({ group_id: v })}
          />
          <Select<FlowStatus>
            className="analysis-toolbar__filter"
            allowClear
            aria-label={t('analysis.flow.filter.status')}
            placeholder={t('analysis.flow.filter.status')}
            value={params.status}
            options={FLOW_STATUSES.map((s) => ({ value: s, label: t(`analysis.flow.status.${s}`) }))}
            onChange={(v: FlowStatus | undefined) => filter({ status: v })}
          />
          <div className="analysis-toolbar__spacer" />
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('analysis.refresh')}
            loading={cards.isFetching}
            onClick={() => void cards.refetch()}
          />
        </ListToolbar>
        <DataTable<FlowCardRow>
          rowKey="device_id"
          columns={columns}
          dataSource={cards.data?.items ?? []}
          loading={cards.isPending || (cards.isFetching && cards.isPlaceholderData)}
          rowClassName={(row) => (row.warning ? 'flow-row--warning' : '')}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('analysis.flow.noMatch') : t('analysis.flow.empty')}
              />
            ),
          }}
          pagination={{
            current: params.page,
            pageSize: params.page_size,
            total: cards.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('analysis.flow.total', { total }),
          }}
          onChange={(pagination) => {
            list.setPage(pagination.current ?? 1, pagination.pageSize);
          }}
        />
      </Card>
    </div>
  );
}
