// The caller's devices against the chosen template: state, firmware, current binding, compatibility and VPN.
import { LinkOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Badge, Tag, Tooltip, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { STATE_COLORS } from '@/components/map/markers';
import { CellLines, CellText } from '@/components/table/cell-text';
import { useFitScroll } from '@/components/table/fit-columns';
import { boundElsewhere, boundHere } from '../../lib/library-bind';
import type { BindRow } from '../../types-library';
import { CompatTag } from './compat-tag';
import { EMPTY } from '@/lib/empty';
import { DataTable } from '@/components/table/data-table';

interface BindDeviceTableProps {
  rows: BindRow[];
  templateId: number;
  loading: boolean;
  empty: ReactNode;
  selected: BindRow[];
  onSelect: (rows: BindRow[]) => void;
  pagination: TableProps<BindRow>['pagination'];
  onChange: TableProps<BindRow>['onChange'];
}

export function BindDeviceTable({
  rows,
  templateId,
  loading,
  empty,
  selected,
  onSelect,
  pagination,
  onChange,
}: BindDeviceTableProps) {
  const { t } = useTranslation();
  const columns: NonNullable<TableProps<BindRow>['columns']> = [
    {
      key: 'sn',
      title: t('configure.bind.column.sn'),
      width: 150,
      render: (_v, row) => <CellText className="tpl-lib-mono">{row.device.sn_code}</CellText>,
    },
    {
      key: 'alias',
      title: t('configure.bind.column.alias'),
      minWidth: 140,
      render: (_v, row) => (
        <CellLines primary={row.device.alias || EMPTY} secondary={row.device.group_name} />
      ),
    },
    {
      key: 'state',
      title: t('configure.bind.column.state'),
      width: 96,
      render: (_v, row) =>
        row.device.dev_state === 1 ? (
          <Badge color={STATE_COLORS.online} text={t('configure.bind.state.online')} />
        ) : (
          <Badge color={STATE_COLORS.offline} text={t('configure.bind.state.offline')} />
        ),
    },
    {
      key: 'firmware',
      title: t('configure.bind.column.firmware'),
      width: 110,
      render: (_v, row) =>
        row.device.firmware_version ? (
          <span className="tpl-lib-mono">{row.device.firmware_version}</span>
        ) : (
          <Typography.Text type="secondary">{t('configure.bind.firmwareUnknown')}</Typography.Text>
        ),
    },
    {
      key: 'bound',
      title: t('configure.bind.column.bound'),
      minWidth: 140,
      render: (_v, row) => {
        if (boundHere(row, templateId))
          return (
            <Tag color="blue" variant="filled" icon={<LinkOutlined />}>
              {t('configure.bind.boundHere')}
            </Tag>
          );
        if (boundElsewhere(row, templateId))
          return (
            <Tooltip title={t('configure.bind.boundElsewhereHint')}>
              <Tag color="orange" variant="filled" className="tpl-lib-tag-ellipsis">
                {row.bound_template_name ?? t('configure.bind.otherTemplate')}
              </Tag>
            </Tooltip>
          );
        return <Typography.Text type="secondary">{t('configure.bind.notBound')}</Typography.Text>;
      },
    },
    {
      key: 'compat',
      title: t('configure.bind.column.compat'),
      width: 200,
      render: (_v, row) => <CompatTag row={row} />,
    },
    {
      key: 'vpn',
      title: t('configure.bind.column.vpn'),
      width: 150,
      // A VPN device cannot be bound (115008): the row says so, and only one bound here already can be picked (to
      // unbind it).
      render: (_v, row) =>
        row.device.vpn_state ? (
          <span>
            <Tag color="purple" variant="filled" icon={<SafetyCertificateOutlined />}>
              {t('configure.bind.vpnOn')}
            </Tag>
            {!boundHere(row, templateId) && (
              <Typography.Text type="secondary" className="tpl-lib-sub">
                {t('configure.bind.vpnBlocked')}
              </Typography.Text>
            )}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('configure.bind.vpnOff')}</Typography.Text>
        ),
    },
  ];

  const scroll = useFitScroll(columns, { selection: true });

  return (
    <DataTable<BindRow>
      rowKey={(row) => row.device.id}
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      locale={{ emptyText: empty }}
      scroll={scroll}
      rowSelection={{
        selectedRowKeys: selected.map((r) => r.device.id),
        preserveSelectedRowKeys: true,
        onChange: (_keys, picked) => onSelect(picked.filter(Boolean)),
        getCheckboxProps: (row) => ({
          'aria-label': row.device.alias || row.device.sn_code,
          disabled: row.device.vpn_state && !boundHere(row, templateId),
        }),
      }}
      rowClassName={(row) => (boundHere(row, templateId) ? 'tpl-lib-row--bound' : '')}
      pagination={pagination}
      onChange={onChange}
    />
  );
}
