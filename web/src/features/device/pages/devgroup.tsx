// Device grouping (/device/devgroup, P31000): the registered-device list. Device groups on the left; on the right
// the server-paged, searchable, filterable table with register, import, export, move and per-device actions.
import {
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  SwapOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCan } from '@/components/can';
import { PageHeader } from '@/components/page-header';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { Perm } from '@/lib/permissions';
import { useClampPage, useListParams, type FilterPatch } from '@/lib/route-params';
import { useDeviceGroups } from '../api/list-device-groups';
import { useDevices } from '../api/list-devices';
import { DeviceTable, EmptyDevices } from '../components/registry/device-table';
import { GroupPanel } from '../components/groups/group-panel';
import { isFiltered, LIST_PARAMS, toSort } from '../lib/params';
import type { DeviceFilters, DeviceListParams, DeviceOut } from '../types';
import { DevgroupDialogs, type DevgroupDialog } from './devgroup-dialogs';
import { DevgroupFilters } from './devgroup-filters';
import { useDevgroupActions } from './use-devgroup-actions';
import '../components/registry/registry.css';
import { useArrivalDialog } from '@/lib/arrival';

const UNFILED_SHARES: DeviceListParams = { shared: true, page: 1, page_size: 1 };

export default function DevgroupPage() {
  const { t } = useTranslation();
  const canManage = useCan(Perm.DEVICE);
  const list = useListParams(LIST_PARAMS);
  const params: DeviceListParams = list.params;
  const devices = useDevices(params);
  const groups = useDeviceGroups();
  // How many devices shared from other tenants wait unfiled: the group list's "Shared with me" entry.
  const unfiledShares = useDevices(UNFILED_SHARES);
  const allGroups = useMemo(() => groups.data ?? [], [groups.data]);
  const [selected, setSelected] = useState<DeviceOut[]>([]);
  const [dialog, setDialog] = useState<DevgroupDialog | null>(null);
  const [open, setOpen] = useState(false);

  const show = (next: DevgroupDialog) => {
    setDialog(next);
    setOpen(true);
  };
  const close = () => setOpen(false);
  useArrivalDialog('register', () => show({ kind: 'register' }));
  const filter = (patch: FilterPatch<DeviceFilters>) => {
    list.filter(patch);
    setSelected([]);
  };

  useClampPage(list, devices.data?.total);
  const total = devices.data?.total ?? 0;
  const filtered = isFiltered(params);
  const selectedGroup = allGroups.find((g) => g.id === params.group_id) ?? null;
  const { onExport, onAction, exporting } = useDevgroupActions(params, total, show);

  const emptyText = filtered ? t('device.list.noMatch') : t('device.list.empty');

  return (
    <div className="page devreg">
      <PageHeader
        title={t('menu.devgroup')}
        subTitle={t('device.list.subtitle')}
        extra={
          canManage && (
            <Space wrap>
              <Button icon={<UploadOutlined />} onClick={() => show({ kind: 'import' })}>
                {t('device.action.import')}
              </Button>
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
                {t('device.action.export')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => show({ kind: 'register' })}>
                {t('device.action.register')}
              </Button>
            </Space>
          )
        }
      />
      <div className="devreg-layout">
        <GroupPanel
          groups={allGroups}
          loading={groups.isPending}
          error={groups.isError}
          onRetry={() => void groups.refetch()}
          selectedId={params.shared ? 'shared' : (params.group_id ?? null)}
          sharedCount={unfiledShares.data?.total}
          onSelect={(id) => filter({ group_id: id ?? undefined, shared: undefined })}
          onSelectShared={() => filter({ shared: true, group_id: undefined })}
          onCreate={() => show({ kind: 'group', group: null })}
          onEdit={(group) => show({ kind: 'group', group })}
        />
        <Card
          className="devreg-list"
          title={
            <Space size={8}>
              <span>
                {params.shared
                  ? t('device.group.sharedWithMe')
                  : selectedGroup
                    ? selectedGroup.name
                    : t('device.group.all')}
              </span>
              <Typography.Text type="secondary" className="devreg-count">
                {t('device.list.total', { count: total })}
              </Typography.Text>
              {selectedGroup?.notes && (
                <Typography.Text
                  type="secondary"
                  ellipsis
                  className="devreg-list__notes"
                  title={selectedGroup.notes}
                >
                  {selectedGroup.notes}
                </Typography.Text>
              )}
            </Space>
          }
          extra={
            <Space size={8}>
              {canManage && (
                <Button
                  icon={<SwapOutlined />}
                  disabled={selected.length === 0}
                  onClick={() => show({ kind: 'move' })}
                >
                  {selected.length > 0
                    ? t('device.move.buttonCount', { count: selected.length })
                    : t('device.move.button')}
                </Button>
              )}
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('device.action.refresh')}
                loading={devices.isFetching && !devices.isPending}
                onClick={() => {
                  void devices.refetch();
                  void groups.refetch();
                }}
              />
            </Space>
          }
        >
          <DevgroupFilters params={params} filter={filter} />
          {devices.isError && !devices.data ? (
            <EmptyDevices
              text={t('device.list.loadFailed')}
              action={
                <Button onClick={() => void devices.refetch()} icon={<ReloadOutlined />}>
                  {t('device.action.retry')}
                </Button>
              }
            />
          ) : (
            <DeviceTable
              devices={devices.data?.items ?? []}
              groups={allGroups}
              loading={devices.isPending || (devices.isFetching && devices.isPlaceholderData)}
              sort={params}
              empty={
                <EmptyDevices
                  text={emptyText}
                  action={
                    !filtered &&
                    canManage && (
                      <Button
                        type="primary"
                        icon={<PlusOutlined />}
                        onClick={() => show({ kind: 'register' })}
                      >
                        {t('device.action.register')}
                      </Button>
                    )
                  }
                />
              }
              rowSelection={
                canManage
                  ? {
                      selectedRowKeys: selected.map((d) => d.id),
                      onChange: (_keys, rows) => setSelected(rows),
                      getCheckboxProps: (d) => ({
                        disabled: !d.can_manage,
                        'aria-label': d.alias || d.sn_code,
                      }),
                    }
                  : undefined
              }
              pagination={{
                current: params.page,
                pageSize: params.page_size,
                total,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZE_OPTIONS,
                showTotal: (n) => t('device.list.total', { count: n }),
              }}
              onChange={(pagination, _filters, sorter) => {
                const s = Array.isArray(sorter) ? sorter[0] : sorter;
                const next = toSort(s?.columnKey ?? s?.field, s?.order);
                const sortChanged = next.sort !== params.sort || next.order !== params.order;
                list.update({
                  ...next,
                  page: sortChanged ? 1 : (pagination.current ?? 1),
                  page_size: pagination.pageSize ?? params.page_size,
                });
              }}
              onAction={onAction}
            />
          )}
        </Card>
      </div>

      <DevgroupDialogs
        dialog={dialog}
        open={open}
        selected={selected}
        groupId={params.group_id}
        onClose={close}
        onMoved={() => setSelected([])}
        onGroupCreated={(g) => filter({ group_id: g.id })}
      />
    </div>
  );
}
