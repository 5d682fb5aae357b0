// The registered-device table: state, relation, group, site, VPN, times, and the row actions the caller may use.
import { Empty, Grid, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useCan } from '@/components/can';
import { CellLines, CellText } from '@/components/table/cell-text';
import { actionColumn, FROM_XXL, FROM_XXXL, TIME_WIDTH, useFitScroll } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { Role } from '@/lib/permissions';
import { formatTime } from '../../lib/format';
import { sortOrderOf } from '../../lib/params';
import type { DeviceFilters, DeviceGroupOut, DeviceOut } from '../../types';
import { RelationTag } from './relation-tag';
import { DeviceStateBadge } from './state-badge';
import { EMPTY } from '@/lib/empty';
import { DataTable } from '@/components/table/data-table';

export type DeviceAction =
  | 'edit'
  | 'share'
  | 'distribute'
  | 'transfer'
  | 'unregister'
  | 'takeback'
  | 'fileShare'
  | 'cancelShare'
  | 'reregister';

interface DeviceTableProps {
  devices: DeviceOut[];
  groups: DeviceGroupOut[];
  loading: boolean;
  sort: Pick<DeviceFilters, 'sort' | 'order'>;
  pagination: TableProps<DeviceOut>['pagination'];
  onChange: TableProps<DeviceOut>['onChange'];
  onAction: (action: DeviceAction, device: DeviceOut) => void;
  rowSelection?: TableProps<DeviceOut>['rowSelection'];
  empty: ReactNode;
}

/** The actions a row offers, given how the caller holds the device. */
export function rowActions(device: DeviceOut, isAdministrator: boolean): DeviceAction[] {
  if (device.can_manage) {
    if (!device.registered) return ['edit', 'reregister'];
    return ['edit', 'share', 'distribute', 'transfer', 'unregister'];
  }
  const actions: DeviceAction[] = [];
  if (device.relation === 'share') actions.push('fileShare', 'cancelShare');
  if (isAdministrator && device.registered && device.relation !== 'share') actions.push('takeback');
  return actions;
}

export function DeviceTable({
  devices,
  groups,
  loading,
  sort,
  pagination,
  onChange,
  onAction,
  rowSelection,
  empty,
}: DeviceTableProps) {
  const { t } = useTranslation();
  const isAdministrator = useCan(Role.ADMINISTRATOR, Role.ADMINISTRATOR2);
  const wide = Grid.useBreakpoint().xxl === true;
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const groupName = (d: DeviceOut) => {
    const g = d.group_id === null ? undefined : groupById.get(d.group_id);
    if (g) return g.name;
    // Shared from another tenant and not filed in one of the caller's groups.
    if (d.relation === 'share' && d.group_id === null) return t('device.group.sharedWithMe');
    return d.group_name || EMPTY;
  };

  const columns: NonNullable<TableProps<DeviceOut>['columns']> = [
    {
      title: t('device.field.sn'),
      dataIndex: 'sn_code',
      key: 'sn_code',
      fixed: 'left',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf(sort, 'sn_code'),
      render: (v: string, d) => (
        <CellText tooltip={v}>
          <Link to={`/deviceDetail/${d.id}`} className="devreg-mono">
            {v}
          </Link>
        </CellText>
      ),
    },
    {
      // Below 1600 px the group shares the alias's cell (a second line) rather than a column of its own.
      title: wide ? t('device.field.alias') : `${t('device.field.alias')} · ${t('device.field.group')}`,
      dataIndex: 'alias',
      key: 'alias',
      minWidth: 140,
      sorter: true,
      sortOrder: sortOrderOf(sort, 'alias'),
      render: (v: string, d) =>
        wide ? (
          <CellText>{v || EMPTY}</CellText>
        ) : (
          <CellLines primary={v || EMPTY} secondary={groupName(d)} />
        ),
    },
    {
      title: t('device.field.state'),
      key: 'dev_state',
      width: 110,
      sorter: true,
      sortOrder: sortOrderOf(sort, 'dev_state'),
      render: (_: unknown, d) => <DeviceStateBadge device={d} />,
    },
    {
      title: t('device.field.relation'),
      key: 'relation',
      width: 90,
      render: (_: unknown, d) => <RelationTag relation={d.relation} />,
    },
    {
      title: t('device.field.group'),
      key: 'group_name',
      width: 110,
      responsive: FROM_XXL,
      sorter: true,
      sortOrder: sortOrderOf(sort, 'group_name'),
      render: (_: unknown, d) => <CellText>{groupName(d)}</CellText>,
    },
    {
      title: t('device.field.model'),
      dataIndex: 'dev_model',
      key: 'dev_model',
      width: 100,
      responsive: FROM_XXL,
      render: (v: string | null) => <CellText>{v || EMPTY}</CellText>,
    },
    {
      title: t('device.field.address'),
      key: 'address',
      minWidth: 140,
      responsive: FROM_XXXL,
      render: (_: unknown, d) => (
        <CellText>{[d.area_name, d.address].filter(Boolean).join(' ') || EMPTY}</CellText>
      ),
    },
    {
      title: t('device.field.vpn'),
      key: 'vpn_state',
      width: 80,
      responsive: FROM_XXXL,
      render: (_: unknown, d) =>
        d.vpn_state === null ? (
          EMPTY
        ) : (
          <Tag variant="filled" color={d.vpn_state ? 'green' : 'default'}>
            {d.vpn_state ? t('device.vpn.on') : t('device.vpn.off')}
          </Tag>
        ),
    },
    {
      title: t('device.field.reportTime'),
      dataIndex: 'report_time',
      key: 'report_time',
      width: TIME_WIDTH,
      sorter: true,
      sortOrder: sortOrderOf(sort, 'report_time'),
      render: (v: number | null) => formatTime(v),
    },
    {
      title: t('device.field.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: TIME_WIDTH,
      responsive: FROM_XXXL,
      sorter: true,
      sortOrder: sortOrderOf(sort, 'created_at'),
      render: (v: number) => formatTime(v),
    },
    actionColumn<DeviceOut>({
      title: t('device.field.actions'),
      labels: [t('device.action.edit'), t('device.action.share')],
      more: true,
      render: (d) => {
        const actions = rowActions(d, isAdministrator);
        return (
          <RowActions
            moreLabel={t('device.action.moreFor', { name: d.alias || d.sn_code })}
            actions={actions.map((a) => ({
              key: a,
              label: t(`device.action.${a}`),
              danger: a === 'unregister' || a === 'transfer',
              // Edit and share are the everyday actions; the rest are rare or change who holds the device.
              menu: a !== 'edit' && a !== 'share',
              onClick: () => onAction(a, d),
            }))}
          />
        );
      },
    }),
  ];
  const scroll = useFitScroll(columns, { selection: rowSelection !== undefined });

  return (
    <DataTable<DeviceOut>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={devices}
      loading={loading}
      pagination={pagination}
      onChange={onChange}
      rowSelection={rowSelection}
      scroll={scroll}
      rowClassName={(d) => (d.registered ? '' : 'devreg-row--unregistered')}
      locale={{ emptyText: empty }}
    />
  );
}

export function EmptyDevices({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={<Typography.Text type="secondary">{text}</Typography.Text>}
    >
      {action}
    </Empty>
  );
}
