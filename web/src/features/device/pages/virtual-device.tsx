// Virtual devices (/device/virtualDevice, P32000): filterable table, binding state and repair, create/edit,
// delete, batch create from real devices and batch delete.
import {
  AppstoreAddOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '../../../components/page-header';
import { confirmDialog, toast } from '../../../lib/toast';
import { useDeleteVirtualDevices } from '../api/delete-virtual-devices';
import { useVirtualDevices } from '../api/list-virtual-devices';
import { useRepairVirtualDevice } from '../api/repair-virtual-device';
import { DeviceGroupSelect } from '../components/device-group-select';
import { VirtualBatchModal } from '../components/virtual-batch-modal';
import { VirtualBindingTag } from '../components/virtual-binding-tag';
import { deviceLabel } from '../components/virtual-device-select';
import { VirtualFormModal } from '../components/virtual-form-modal';
import { formatTime } from '../lib/format';
import type { BindingState, VirtualListParams, VirtualOut, VirtualVersion } from '../lib/monitor-types';
import { canRepair, childDevicePath, virtualGroupName } from '../lib/virtual-form';
import './device-monitor.css';
import { EMPTY } from '../../../lib/empty';

const PAGE_SIZE = 20;

export default function VirtualDevicePage() {
  const { t } = useTranslation();
  const [params, setParams] = useState<VirtualListParams>({ page: 1, page_size: PAGE_SIZE });
  const [search, setSearch] = useState('');
  const list = useVirtualDevices(params);
  const remove = useDeleteVirtualDevices();
  const repair = useRepairVirtualDevice();
  const [editing, setEditing] = useState<VirtualOut | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);

  const filter = (patch: Partial<VirtualListParams>) => {
    setParams((p) => {
      const merged = { ...p, ...patch, page: 1 };
      // Cleared filters leave the query string instead of being sent empty.
      const entries = Object.entries(merged) as [string, unknown][];
      return Object.fromEntries(
        entries.filter(([, value]) => value !== undefined),
      ) as unknown as VirtualListParams;
    });
    setSelected([]);
  };
  const filtered = Boolean(params.q ?? params.group_id ?? params.binding_state ?? params.version);

  const openForm = (device: VirtualOut | null) => {
    setEditing(device);
    setFormOpen(true);
  };

  const onRepair = async (v: VirtualOut) => {
    const ok = await confirmDialog({
      type: 'confirm',
      title: t('device.virtual.repair.title', { name: v.name }),
      content:
        v.abnormal_reason === 'sn_empty'
          ? t('device.virtual.repair.snEmpty')
          : t('device.virtual.repair.content'),
      okText: t('device.virtual.repair.ok'),
      cancelText: t('common.action.cancel'),
    });
    if (!ok) return;
    repair.mutate(v.id, { onSuccess: () => toast.success(t('device.virtual.repair.done')) });
  };

  const onBatchDelete = async () => {
    const ok = await confirmDialog({
      type: 'warning',
      title: t('device.virtual.batchDelete.title', { count: selected.length }),
      content: t('device.virtual.batchDelete.content'),
      okText: t('device.virtual.action.delete'),
      cancelText: t('common.action.cancel'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(selected, {
      onSuccess: () => {
        toast.success(t('device.virtual.deleted'));
        setSelected([]);
      },
    });
  };

  const columns: ColumnsType<VirtualOut> = [
    {
      key: 'name',
      title: t('device.virtual.column.name'),
      fixed: 'left',
      width: 180,
      render: (_v, r) => (
        <Link to={childDevicePath(r.id)} className="virtual-table__name">
          {r.name}
        </Link>
      ),
    },
    {
      key: 'bound',
      title: t('device.virtual.column.bound'),
      width: 220,
      render: (_v, r) =>
        r.version === '2.0' ? (
          <Tooltip title={r.members.map(deviceLabel).join('、')}>
            <span>{t('device.virtual.memberCount', { count: r.members.length })}</span>
          </Tooltip>
        ) : r.device_id !== null && r.sn_code ? (
          <Space orientation="vertical" size={0}>
            <span>{r.device_alias || r.sn_code}</span>
            {r.device_alias && (
              <Typography.Text type="secondary" className="virtual-table__sn">
                {r.sn_code}
              </Typography.Text>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('device.virtual.unbound')}</Typography.Text>
        ),
    },
    {
      key: 'binding',
      title: t('device.virtual.column.binding'),
      width: 190,
      render: (_v, r) => <VirtualBindingTag device={r} />,
    },
    {
      key: 'version',
      title: t('device.virtual.column.version'),
      width: 90,
      render: (_v, r) => <Tag color={r.version === '2.0' ? 'purple' : 'blue'}>{r.version}</Tag>,
    },
    {
      key: 'group',
      title: t('device.virtual.column.group'),
      width: 120,
      render: (_v, r) => virtualGroupName(r.group_name, t('device.virtual.defaultGroup')),
    },
    {
      key: 'template',
      title: t('device.virtual.column.template'),
      width: 120,
      render: (_v, r) => r.template_name ?? EMPTY,
    },
    {
      key: 'address',
      title: t('device.virtual.column.address'),
      ellipsis: true,
      render: (_v, r) => [r.area_name, r.address].filter(Boolean).join(' ') || EMPTY,
    },
    {
      key: 'created',
      title: t('device.virtual.column.createdAt'),
      width: 170,
      render: (_v, r) => formatTime(r.created_at),
    },
    {
      key: 'actions',
      title: t('device.virtual.column.actions'),
      fixed: 'right',
      width: 240,
      render: (_v, r) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => openForm(r)}>
            {t('device.virtual.action.edit')}
          </Button>
          {canRepair(r) && (
            <Button type="link" size="small" icon={<ToolOutlined />} onClick={() => void onRepair(r)}>
              {t('device.virtual.action.repair')}
            </Button>
          )}
          <Popconfirm
            title={t('device.virtual.deleteConfirm', { name: r.name })}
            description={t('device.virtual.deleteHint')}
            okText={t('device.virtual.action.delete')}
            cancelText={t('common.action.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => {
              remove.mutate([r.id], {
                onSuccess: () => {
                  toast.success(t('device.virtual.deleted'));
                  setSelected((s) => s.filter((id) => id !== r.id));
                },
              });
            }}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('device.virtual.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={t('menu.virtualDevice')}
        subTitle={t('device.virtual.subtitle')}
        extra={
          <Space>
            <Button icon={<AppstoreAddOutlined />} onClick={() => setBatchOpen(true)}>
              {t('device.virtual.action.batchCreate')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              {t('device.virtual.action.create')}
            </Button>
          </Space>
        }
      />
      <Card>
        <div className="virtual-filters">
          <Input.Search
            allowClear
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              if (e.target.value === '') filter({ q: undefined });
            }}
            onSearch={(value) => filter({ q: value.trim() || undefined })}
            placeholder={t('device.virtual.filter.search')}
            aria-label={t('device.virtual.filter.search')}
            className="virtual-filters__search"
          />
          <DeviceGroupSelect
            allowClear
            value={params.group_id}
            onChange={(v?: number) => filter({ group_id: v })}
            placeholder={t('device.virtual.filter.group')}
            aria-label={t('device.virtual.filter.group')}
            className="virtual-filters__select"
          />
          <Select<BindingState>
            allowClear
            value={params.binding_state}
            onChange={(v) => filter({ binding_state: v })}
            placeholder={t('device.virtual.filter.binding')}
            aria-label={t('device.virtual.filter.binding')}
            className="virtual-filters__select"
            options={[
              { value: 'normal', label: t('device.virtual.binding.normal') },
              { value: 'abnormal', label: t('device.virtual.binding.abnormal') },
            ]}
          />
          <Select<VirtualVersion>
            allowClear
            value={params.version}
            onChange={(v) => filter({ version: v })}
            placeholder={t('device.virtual.filter.version')}
            aria-label={t('device.virtual.filter.version')}
            className="virtual-filters__select"
            options={[
              { value: '1.0', label: t('device.virtual.version.v1') },
              { value: '2.0', label: t('device.virtual.version.v2') },
            ]}
          />
          <Tooltip title={t('device.virtual.action.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('device.virtual.action.refresh')}
              loading={list.isFetching && !list.isPending}
              onClick={() => void list.refetch()}
            />
          </Tooltip>
        </div>
        {selected.length > 0 && (
          <Alert
            className="virtual-selection"
            type="info"
            showIcon
            title={t('device.virtual.selected', { count: selected.length })}
            action={
              <Space>
                <Button size="small" onClick={() => setSelected([])}>
                  {t('device.virtual.action.clearSelection')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void onBatchDelete()}>
                  {t('device.virtual.action.batchDelete')}
                </Button>
              </Space>
            }
          />
        )}
        {list.isError && !list.data ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('device.virtual.loadFailed')}
            className="monitor-empty"
          >
            <Button onClick={() => void list.refetch()}>{t('device.virtual.action.retry')}</Button>
          </Empty>
        ) : (
          <Table<VirtualOut>
            rowKey="id"
            columns={columns}
            dataSource={list.data?.items ?? []}
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            scroll={{ x: 1320 }}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys as number[]),
            }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={filtered ? t('device.virtual.noMatch') : t('device.virtual.empty')}
                >
                  {!filtered && (
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
                      {t('device.virtual.action.create')}
                    </Button>
                  )}
                </Empty>
              ),
            }}
            pagination={{
              current: params.page,
              pageSize: params.page_size,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('device.virtual.total', { total }),
            }}
            onChange={(p) =>
              setParams((prev) => ({ ...prev, page: p.current ?? 1, page_size: p.pageSize ?? PAGE_SIZE }))
            }
          />
        )}
      </Card>
      <VirtualFormModal open={formOpen} device={editing} onClose={() => setFormOpen(false)} />
      <VirtualBatchModal open={batchOpen} onClose={() => setBatchOpen(false)} />
    </div>
  );
}
