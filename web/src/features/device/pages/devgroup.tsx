// Device grouping (/device/devgroup, P31000): the registered-device list. Device groups on the left; on the right
// the server-paged, searchable, filterable table with register, import, export, move and per-device actions.
import {
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  SwapOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, AutoComplete, Button, Card, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ListSearch, ListToolbar } from '../../../components/list-toolbar';
import { useCan } from '../../../components/can';
import { PageHeader } from '../../../components/page-header';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { Perm } from '../../../lib/permissions';
import { useClampPage, useListParams, useSyncedText, type FilterPatch } from '../../../lib/route-params';
import { toast } from '../../../lib/toast';
import { useCancelReceivedShare } from '../api/cancel-received-share';
import { useExportDevices } from '../api/export-devices';
import { useDeviceStateInfo } from '../api/get-state-info';
import { useDeviceGroups } from '../api/list-device-groups';
import { useDevices } from '../api/list-devices';
import { useTakeBackDevices } from '../api/take-back-devices';
import { DeviceEditModal } from '../components/device-edit-modal';
import { DeviceTable, EmptyDevices, type DeviceAction } from '../components/device-table';
import { DistributeModal } from '../components/distribute-modal';
import { FileShareModal } from '../components/file-share-modal';
import { GroupFormModal } from '../components/group-form-modal';
import { GroupPanel } from '../components/group-panel';
import { ImportDevicesModal } from '../components/import-devices-modal';
import { MoveDevicesModal } from '../components/move-devices-modal';
import { RegisterDeviceModal } from '../components/register-device-modal';
import { ShareModal } from '../components/share-modal';
import { TransferModal } from '../components/transfer-modal';
import { saveBlob } from '../lib/download';
import { EXPORT_ROW_CAP, exportDecision, exportFileName } from '../lib/export';
import { useConfirmUnregister } from '../hooks/use-confirm-unregister';
import { filtersOf, isFiltered, LIST_PARAMS, toSort } from '../lib/params';
import type { DeviceFilters, DeviceGroupOut, DeviceListParams, DeviceOut, DevState } from '../types';
import '../components/registry.css';
import { useArrivalDialog } from '../../../lib/arrival';

type Dialog =
  | { kind: 'register'; sn?: string }
  | { kind: 'import' }
  | { kind: 'move' }
  | { kind: 'group'; group: DeviceGroupOut | null }
  | { kind: 'edit' | 'share' | 'distribute' | 'transfer' | 'fileShare'; device: DeviceOut };

const UNFILED_SHARES: DeviceListParams = { shared: true, page: 1, page_size: 1 };

const boolParam = (v: string | undefined): boolean | undefined =>
  v === 'true' ? true : v === 'false' ? false : undefined;

export default function DevgroupPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canManage = useCan(Perm.DEVICE);
  const list = useListParams(LIST_PARAMS);
  const params: DeviceListParams = list.params;
  const [model, setModel] = useSyncedText(params.model);
  const stateInfo = useDeviceStateInfo();
  const devices = useDevices(params);
  const groups = useDeviceGroups();
  // How many devices shared from other tenants wait unfiled: the group list's "Shared with me" entry.
  const unfiledShares = useDevices(UNFILED_SHARES);
  const allGroups = useMemo(() => groups.data ?? [], [groups.data]);
  const [selected, setSelected] = useState<DeviceOut[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  const exporter = useExportDevices();
  const confirmUnregister = useConfirmUnregister();
  const takeBack = useTakeBackDevices();
  const cancelShare = useCancelReceivedShare();

  const show = (next: Dialog) => {
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
  // Every model among the readable devices (GET /dev/stateInfo), not only those on the current page.
  const modelOptions = useMemo(
    () => (stateInfo.data?.by_model ?? []).filter((m) => Boolean(m.model)).map((m) => ({ value: m.model })),
    [stateInfo.data],
  );

  const runExport = (acceptCap: boolean) =>
    exporter.mutateAsync({ filters: filtersOf(params), acceptCap }).then(
      (blob) => {
        saveBlob(blob, exportFileName());
        toast.success(t('device.export.done'));
      },
      () => undefined,
    );

  const onExport = () => {
    const decision = exportDecision(total);
    if (decision === 'empty') {
      toast.info(t('device.export.empty'));
      return;
    }
    if (decision === 'export') {
      void runExport(false);
      return;
    }
    void modal.confirm({
      title: t('device.export.capTitle'),
      content: t('device.export.capContent', { total, cap: EXPORT_ROW_CAP }),
      okText: t('device.export.capOk', { cap: EXPORT_ROW_CAP }),
      cancelText: t('common.action.cancel'),
      onOk: () => runExport(true),
    });
  };

  const onAction = (action: DeviceAction, device: DeviceOut) => {
    const name = device.alias || device.sn_code;
    switch (action) {
      case 'edit':
      case 'share':
      case 'distribute':
      case 'transfer':
      case 'fileShare':
        show({ kind: action, device });
        return;
      case 'reregister':
        show({ kind: 'register', sn: device.sn_code });
        return;
      case 'unregister':
        confirmUnregister(device);
        return;
      case 'takeback':
        void modal.confirm({
          title: t('device.takeback.confirmTitle', { name }),
          content: t('device.takeback.confirmContent', { owner: device.owner_name }),
          okText: t('device.action.takeback'),
          cancelText: t('common.action.cancel'),
          onOk: () =>
            takeBack.mutateAsync([device.id]).then(
              () => toast.success(t('device.takeback.success', { name })),
              () => undefined,
            ),
        });
        return;
      case 'cancelShare':
        void modal.confirm({
          title: t('device.cancelShare.confirmTitle', { name }),
          content: t('device.cancelShare.confirmContent', { owner: device.owner_name }),
          okText: t('device.action.cancelShare'),
          okButtonProps: { danger: true },
          cancelText: t('common.action.cancel'),
          onOk: () =>
            cancelShare.mutateAsync(device.id).then(
              () => toast.success(t('device.cancelShare.success', { name })),
              () => undefined,
            ),
        });
        return;
    }
  };

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
              <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={onExport}>
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
          <ListToolbar className="devreg-toolbar">
            <ListSearch
              className="devreg-toolbar__search"
              value={params.q}
              placeholder={t('device.list.searchPlaceholder')}
              onSearch={(q) => filter({ q: q })}
            />
            <Select<DevState>
              className="devreg-toolbar__filter"
              allowClear
              placeholder={t('device.filter.state')}
              aria-label={t('device.filter.state')}
              value={params.dev_state}
              options={[
                { value: 1, label: t('device.state.online') },
                { value: 2, label: t('device.state.offline') },
              ]}
              onChange={(v) => filter({ dev_state: v })}
            />
            <Select<string>
              className="devreg-toolbar__filter"
              allowClear
              placeholder={t('device.filter.registered')}
              aria-label={t('device.filter.registered')}
              value={params.registered === undefined ? undefined : String(params.registered)}
              options={[
                { value: 'true', label: t('device.state.registered') },
                { value: 'false', label: t('device.state.unregistered') },
              ]}
              onChange={(v) => filter({ registered: boolParam(v) })}
            />
            <AutoComplete
              className="devreg-toolbar__filter"
              allowClear
              value={model}
              options={modelOptions}
              placeholder={t('device.filter.model')}
              aria-label={t('device.filter.model')}
              onChange={(v: string | undefined) => {
                setModel(v ?? '');
                if (!v && params.model) filter({ model: undefined });
              }}
              onSelect={(v: string | undefined) => filter({ model: v })}
              onBlur={() => {
                if (model.trim() !== (params.model ?? '')) filter({ model: model.trim() || undefined });
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') filter({ model: model.trim() || undefined });
              }}
            />
            <Select<string>
              className="devreg-toolbar__filter"
              allowClear
              placeholder={t('device.filter.vpn')}
              aria-label={t('device.filter.vpn')}
              value={params.vpn_state === undefined ? undefined : String(params.vpn_state)}
              options={[
                { value: 'true', label: t('device.vpn.on') },
                { value: 'false', label: t('device.vpn.off') },
              ]}
              onChange={(v) => filter({ vpn_state: boolParam(v) })}
            />
          </ListToolbar>
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

      <RegisterDeviceModal
        open={open && dialog?.kind === 'register'}
        sn={dialog?.kind === 'register' ? dialog.sn : undefined}
        groupId={params.group_id}
        onClose={close}
      />
      <ImportDevicesModal open={open && dialog?.kind === 'import'} onClose={close} />
      <MoveDevicesModal
        open={open && dialog?.kind === 'move'}
        devices={selected}
        onClose={close}
        onMoved={() => setSelected([])}
      />
      <GroupFormModal
        open={open && dialog?.kind === 'group'}
        group={dialog?.kind === 'group' ? dialog.group : null}
        onClose={close}
        onCreated={(g) => filter({ group_id: g.id })}
      />
      <DeviceEditModal
        open={open && dialog?.kind === 'edit'}
        device={dialog?.kind === 'edit' ? dialog.device : null}
        onClose={close}
      />
      <ShareModal
        open={open && dialog?.kind === 'share'}
        device={dialog?.kind === 'share' ? dialog.device : null}
        onClose={close}
      />
      <DistributeModal
        open={open && dialog?.kind === 'distribute'}
        device={dialog?.kind === 'distribute' ? dialog.device : null}
        onClose={close}
      />
      <TransferModal
        open={open && dialog?.kind === 'transfer'}
        device={dialog?.kind === 'transfer' ? dialog.device : null}
        onClose={close}
      />
      <FileShareModal
        open={open && dialog?.kind === 'fileShare'}
        device={dialog?.kind === 'fileShare' ? dialog.device : null}
        onClose={close}
      />
    </div>
  );
}
