// The columns of the data source table: name (with its group when all groups show), type, address, access, scale,
// unit, history, alarms, the bound device of a 2.0 template and the edit/delete actions.
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Badge, Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

import { FROM_XXL } from '@/components/table/fit-columns';
import { alarmLevelColor, mostUrgentLevel } from '@/lib/alarms/tags';
import { EMPTY } from '@/lib/empty';
import { areaPrefix, isBitArea, isNumericType, modbusReference } from '../../lib/data-source-fields';
import type { DataSourceOut } from '../../types-data-source';

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(10)));
}

interface DataSourceColumnsOptions {
  dataVersion: '1.0' | '2.0';
  canEdit: boolean;
  /** The selected group; undefined: all groups (the name then shows its group). */
  groupId: number | undefined;
  onEdit: (source: DataSourceOut) => void;
  onDelete: (ids: number[]) => void;
}

export function useDataSourceColumns({
  dataVersion,
  canEdit,
  groupId,
  onEdit,
  onDelete,
}: DataSourceColumnsOptions): ColumnsType<DataSourceOut> {
  const { t } = useTranslation();
  const none = EMPTY;

  const columns: ColumnsType<DataSourceOut> = [
    {
      title: t('configure.dataSource.column.name'),
      key: 'name',
      width: 140,
      fixed: 'left',
      render: (_, r) => (
        <div className="ds-name">
          <Typography.Text strong ellipsis={{ tooltip: r.name }}>
            {r.name}
          </Typography.Text>
          {groupId === undefined && (
            <Typography.Text type="secondary" className="ds-name__group" ellipsis>
              {r.group_name}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('configure.dataSource.column.type'),
      key: 'type',
      width: 100,
      render: (_, r) => (
        <Tooltip title={t(`configure.dataSource.typeName.${r.data_type}`)}>
          <Tag className="ds-type-tag">
            {r.data_type === 'string' ? `string(${r.string_length ?? 0})` : r.data_type}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: t('configure.dataSource.column.address'),
      key: 'address',
      width: 140,
      render: (_, r) => (
        <Tooltip title={t(`configure.dataSource.area.${r.area}`)}>
          <span className="ds-address">
            <Tag color={isBitArea(r.area) ? 'purple' : 'geekblue'} className="ds-address__area">
              {areaPrefix(r.area)}
            </Tag>
            <span className="ds-address__ref">{modbusReference(r.area, r.address, r.bit_index)}</span>
            <Typography.Text type="secondary" className="ds-address__raw">
              {`#${r.address}`}
            </Typography.Text>
          </span>
        </Tooltip>
      ),
    },
    {
      title: t('configure.dataSource.column.rw'),
      dataIndex: 'rw',
      key: 'rw',
      width: 96,
      render: (v: string) => (
        <Tag color={v === 'rw' ? 'green' : 'default'} variant="filled">
          {t(`configure.dataSource.rw.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('configure.dataSource.column.scale'),
      key: 'scale',
      width: 104,
      // A 2.0 template adds the device column: its scale and alarm counts then wait for a wider screen.
      ...(dataVersion === '2.0' ? { responsive: FROM_XXL } : {}),
      render: (_, r) => {
        if (!isNumericType(r.data_type)) return <Typography.Text type="secondary">{none}</Typography.Text>;
        const offset =
          r.offset === 0 ? '' : ` ${r.offset > 0 ? '+' : '−'} ${formatNumber(Math.abs(r.offset))}`;
        const range =
          r.min_value !== null && r.max_value !== null
            ? `[${formatNumber(r.min_value)}, ${formatNumber(r.max_value)}]`
            : null;
        return (
          <div className="ds-scale">
            <span>{`× ${formatNumber(r.scale)}${offset}`}</span>
            {range && (
              <Typography.Text type="secondary" className="ds-scale__range">
                {range}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
    {
      title: t('configure.dataSource.column.unit'),
      dataIndex: 'unit',
      key: 'unit',
      width: 64,
      render: (v: string) => v || <Typography.Text type="secondary">{none}</Typography.Text>,
    },
    {
      title: t('configure.dataSource.column.history'),
      key: 'history',
      width: 120,
      render: (_, r) => {
        if (r.history === 'off')
          return <Typography.Text type="secondary">{t('configure.dataSource.history.off')}</Typography.Text>;
        const text =
          r.history === 'interval'
            ? t('configure.dataSource.history.every', { n: r.history_interval_s ?? 0 })
            : t('configure.dataSource.history.change');
        return (
          <Tooltip
            title={t('configure.dataSource.history.aggregateOf', {
              name: t(`configure.dataSource.aggregate.${r.aggregate}`),
            })}
          >
            <Badge status="processing" text={text} />
          </Tooltip>
        );
      },
    },
    {
      title: t('configure.dataSource.column.alarms'),
      key: 'alarms',
      width: 68,
      ...(dataVersion === '2.0' ? { responsive: FROM_XXL } : {}),
      align: 'center',
      render: (_, r) =>
        r.faults.length === 0 ? (
          <Typography.Text type="secondary">{none}</Typography.Text>
        ) : (
          <Tooltip
            title={
              <ul className="ds-alarm-tip">
                {r.faults.map((f, i) => (
                  <li
                    key={i}
                  >{`${t('configure.dataSource.fault.levelN', { n: f.level })} · ${f.alarm_name}`}</li>
                ))}
              </ul>
            }
          >
            <Tag color={alarmLevelColor(mostUrgentLevel(r.faults.map((f) => f.level)) ?? 1)}>
              {r.faults.length}
            </Tag>
          </Tooltip>
        ),
    },
  ];
  if (dataVersion === '2.0') {
    columns.push({
      title: t('configure.dataSource.column.device'),
      key: 'device',
      width: 130,
      render: (_, r) =>
        r.device_sn ?? (
          <Typography.Text type="secondary">{t('configure.dataSource.boundDevice')}</Typography.Text>
        ),
    });
  }
  if (canEdit) {
    columns.push({
      title: t('configure.dataSource.column.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Tooltip title={t('configure.dataSource.action.edit')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('configure.dataSource.action.editNamed', { name: r.name })}
              onClick={() => onEdit(r)}
            />
          </Tooltip>
          <Popconfirm
            title={t('configure.dataSource.deleteConfirm', { name: r.name })}
            description={t('configure.dataSource.deleteHint')}
            okText={t('configure.dataSource.action.delete')}
            cancelText={t('common.action.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete([r.id])}
          >
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('configure.dataSource.action.deleteNamed', { name: r.name })}
            />
          </Popconfirm>
        </Space>
      ),
    });
  }
  return columns;
}
