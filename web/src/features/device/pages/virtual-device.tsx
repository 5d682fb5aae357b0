// Virtual devices (/device/virtualDevice, P32000): filterable table, binding state and repair, create/edit,
// delete, batch create from real devices and batch delete.
import { AppstoreAddOutlined, DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Input, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListToolbar } from '@/components/list-toolbar';
import { PageHeader } from '@/components/page-header';
import { useFitScroll } from '@/components/table/fit-columns';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import {
  param,
  useClampPage,
  useListParams,
  useSyncedText,
  type FilterPatch,
  type ParamSpec,
} from '@/lib/route-params';
import { confirmDialog, toast } from '@/lib/toast';
import { useDeleteVirtualDevices } from '../api/delete-virtual-devices';
import { useVirtualDevices } from '../api/list-virtual-devices';
import { useRepairVirtualDevice } from '../api/repair-virtual-device';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { VirtualBatchModal } from '../components/virtual/virtual-batch-modal';
import { VirtualFormModal } from '../components/virtual/virtual-form-modal';
import type { BindingState, VirtualListParams, VirtualOut, VirtualVersion } from '../lib/monitor-types';
import { useVirtualColumns } from './virtual-device-columns';
import './device-monitor.css';
import { DataTable } from '@/components/table/data-table';

const LIST_PARAMS: ParamSpec<Omit<VirtualListParams, 'page' | 'page_size'>> = {
  q: param.text,
  group_id: param.id,
  binding_state: param.oneOf(['normal', 'abnormal'] as const),
  version: param.oneOf(['1.0', '2.0'] as const),
};

export default function VirtualDevicePage() {
  const { t } = useTranslation();
  const listParams = useListParams(LIST_PARAMS);
  const params: VirtualListParams = listParams.params;
  const [search, setSearch] = useSyncedText(params.q);
  const list = useVirtualDevices(params);
  useClampPage(listParams, list.data?.total);
  const remove = useDeleteVirtualDevices();
  const repair = useRepairVirtualDevice();
  const [editing, setEditing] = useState<VirtualOut | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);

  const filter = (patch: FilterPatch<VirtualListParams>) => {
    // Cleared filters leave the query string instead of being sent empty.
    listParams.filter(patch);
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

  const columns = useVirtualColumns({
    onEdit: openForm,
    onRepair: (r) => void onRepair(r),
    onDelete: (r) => {
      remove.mutate([r.id], {
        onSuccess: () => {
          toast.success(t('device.virtual.deleted'));
          setSelected((s) => s.filter((id) => id !== r.id));
        },
      });
    },
  });
  const scroll = useFitScroll(columns, { selection: true });

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
        <ListToolbar className="virtual-filters">
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
          <DeviceGroupPicker
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
        </ListToolbar>
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
          <DataTable<VirtualOut>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.items ?? []}
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            scroll={scroll}
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
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              showTotal: (total) => t('device.virtual.total', { total }),
            }}
            onChange={(p) => listParams.setPage(p.current ?? 1, p.pageSize)}
          />
        )}
      </Card>
      <VirtualFormModal open={formOpen} device={editing} onClose={() => setFormOpen(false)} />
      <VirtualBatchModal open={batchOpen} onClose={() => setBatchOpen(false)} />
    </div>
  );
}
