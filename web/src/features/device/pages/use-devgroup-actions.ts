// The list actions of the device grouping page: export (with the row cap confirm) and the per-device actions, which
// open a dialog or confirm unregister, take back and cancel share.
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';
import { useCancelReceivedShare } from '../api/cancel-received-share';
import { useExportDevices } from '../api/export-devices';
import { useTakeBackDevices } from '../api/take-back-devices';
import type { DeviceAction } from '../components/registry/device-table';
import { useConfirmUnregister } from '../hooks/use-confirm-unregister';
import { saveBlob } from '@/lib/download';
import { EXPORT_ROW_CAP, exportDecision, exportFileName } from '../lib/export';
import { filtersOf } from '../lib/params';
import type { DeviceListParams, DeviceOut } from '../types';
import type { DevgroupDialog } from './devgroup-dialogs';

export function useDevgroupActions(
  params: DeviceListParams,
  total: number,
  show: (next: DevgroupDialog) => void,
) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const exporter = useExportDevices();
  const confirmUnregister = useConfirmUnregister();
  const takeBack = useTakeBackDevices();
  const cancelShare = useCancelReceivedShare();

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

  return { onExport, onAction, exporting: exporter.isPending };
}
