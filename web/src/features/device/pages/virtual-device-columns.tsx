// The columns of the virtual device list: name, bound device or members, binding state, version, group, template,
// address, creation time and the row actions (edit, repair, delete).
import { Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { deviceLabel } from '@/components/pickers/device-picker';
import { CellLines, CellText } from '@/components/table/cell-text';
import { actionColumn, FROM_XXL, FROM_XXXL, TIME_WIDTH } from '@/components/table/fit-columns';
import { RowActions } from '@/components/table/row-actions';
import { EMPTY } from '@/lib/empty';
import { VirtualBindingTag } from '../components/virtual/virtual-binding-tag';
import { formatTime } from '../lib/format';
import type { VirtualOut } from '../lib/monitor-types';
import { canRepair, childDevicePath } from '../lib/virtual-form';

interface VirtualColumnsOptions {
  onEdit: (device: VirtualOut) => void;
  onRepair: (device: VirtualOut) => void;
  /** Delete one device (the row's confirm already asked). */
  onDelete: (device: VirtualOut) => void;
}

export function useVirtualColumns({
  onEdit,
  onRepair,
  onDelete,
}: VirtualColumnsOptions): ColumnsType<VirtualOut> {
  const { t } = useTranslation();
  return [
    {
      key: 'name',
      title: t('device.virtual.column.name'),
      fixed: 'left',
      width: 160,
      render: (_v, r) => (
        <CellText tooltip={r.name}>
          <Link to={childDevicePath(r.id)} className="virtual-table__name">
            {r.name}
          </Link>
        </CellText>
      ),
    },
    {
      key: 'bound',
      title: t('device.virtual.column.bound'),
      minWidth: 180,
      render: (_v, r) =>
        r.version === '2.0' ? (
          <Tooltip title={r.members.map(deviceLabel).join('、')}>
            <span>{t('device.virtual.memberCount', { count: r.members.length })}</span>
          </Tooltip>
        ) : r.device_id !== null && r.sn_code ? (
          <CellLines
            primary={r.device_alias || r.sn_code}
            secondary={r.device_alias ? r.sn_code : undefined}
          />
        ) : (
          <Typography.Text type="secondary">{t('device.virtual.unbound')}</Typography.Text>
        ),
    },
    {
      key: 'binding',
      title: t('device.virtual.column.binding'),
      width: 180,
      render: (_v, r) => <VirtualBindingTag device={r} />,
    },
    {
      key: 'version',
      title: t('device.virtual.column.version'),
      width: 80,
      render: (_v, r) => <Tag color={r.version === '2.0' ? 'purple' : 'blue'}>{r.version}</Tag>,
    },
    {
      key: 'group',
      title: t('device.virtual.column.group'),
      width: 110,
      render: (_v, r) => <CellText>{r.group_name || EMPTY}</CellText>,
    },
    {
      key: 'template',
      title: t('device.virtual.column.template'),
      width: 120,
      render: (_v, r) => <CellText>{r.template_name ?? EMPTY}</CellText>,
    },
    {
      key: 'address',
      title: t('device.virtual.column.address'),
      minWidth: 140,
      responsive: FROM_XXXL,
      render: (_v, r) => <CellText>{[r.area_name, r.address].filter(Boolean).join(' ') || EMPTY}</CellText>,
    },
    {
      key: 'created',
      title: t('device.virtual.column.createdAt'),
      width: TIME_WIDTH,
      responsive: FROM_XXL,
      render: (_v, r) => formatTime(r.created_at),
    },
    actionColumn<VirtualOut>({
      title: t('device.virtual.column.actions'),
      labels: [t('device.virtual.action.edit'), t('device.virtual.action.repair')],
      more: true,
      render: (r) => (
        <RowActions
          moreLabel={t('device.virtual.action.moreFor', { name: r.name })}
          actions={[
            { key: 'edit', label: t('device.virtual.action.edit'), onClick: () => onEdit(r) },
            canRepair(r) && {
              key: 'repair',
              label: t('device.virtual.action.repair'),
              onClick: () => onRepair(r),
            },
            {
              key: 'delete',
              label: t('device.virtual.action.delete'),
              danger: true,
              menu: true,
              confirm: {
                title: t('device.virtual.deleteConfirm', { name: r.name }),
                content: t('device.virtual.deleteHint'),
                okText: t('device.virtual.action.delete'),
              },
              onClick: () => onDelete(r),
            },
          ]}
        />
      ),
    }),
  ];
}
