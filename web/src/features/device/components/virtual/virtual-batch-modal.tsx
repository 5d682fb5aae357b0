// Batch create: pick real devices (searchable table) and a group; one 1.0 virtual device is made per device.
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { useBatchCreateVirtualDevices } from '../../api/batch-create-virtual-devices';
import { useDeviceOptions } from '../../api/device-options';
import type { DeviceOption } from '../../lib/monitor-types';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { EMPTY } from '@/lib/empty';
import { DataTable } from '@/components/table/data-table';
import { perOpening } from '@/components/per-opening';

export const VirtualBatchModal = perOpening(function VirtualBatchModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { typed, setTyped, q } = useDebouncedSearch();
  const [selected, setSelected] = useState<number[]>([]);
  const [groupId, setGroupId] = useState<number | null>(null);
  const devices = useDeviceOptions(q, open);
  const create = useBatchCreateVirtualDevices();

  const close = () => {
    onClose();
  };
  const submit = () => {
    create.mutate(
      { device_ids: selected, group_id: groupId, version: '1.0' },
      {
        onSuccess: () => {
          toast.success(t('device.virtual.batch.done', { count: selected.length }));
          close();
        },
        onError: (e) => toast.error(e.message),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('device.virtual.batch.title')}
      width={720}
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('device.virtual.batch.submit', { count: selected.length })}
      cancelText={t('common.action.cancel')}
      okButtonProps={{ disabled: selected.length === 0 }}
      confirmLoading={create.isPending}
      onOk={submit}
      onCancel={close}
      afterClose={() => {
        setSelected([]);
        setTyped('');
        setGroupId(null);
      }}
    >
      <Typography.Paragraph type="secondary">{t('device.virtual.batch.intro')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={t('device.virtual.field.group')}>
          <DeviceGroupPicker
            allowClear
            value={groupId ?? undefined}
            onChange={(v?: number) => setGroupId(v ?? null)}
            placeholder={t('device.virtual.batch.groupPlaceholder')}
          />
        </Form.Item>
      </Form>
      <Input.Search
        allowClear
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={t('device.virtual.batch.search')}
        aria-label={t('device.virtual.batch.search')}
        className="virtual-batch__search"
      />
      <DataTable<DeviceOption>
        size="small"
        rowKey="id"
        loading={devices.isFetching}
        dataSource={devices.data?.items ?? []}
        pagination={false}
        scroll={{ y: 280 }}
        locale={{ emptyText: t('device.virtual.noDevice') }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
        }}
        columns={[
          { key: 'alias', title: t('device.virtual.column.alias'), render: (_v, d) => d.alias || EMPTY },
          { key: 'sn', dataIndex: 'sn_code', title: t('device.virtual.column.sn') },
          { key: 'group', title: t('device.virtual.column.group'), render: (_v, d) => d.group_name ?? EMPTY },
        ]}
      />
    </Modal>
  );
});
