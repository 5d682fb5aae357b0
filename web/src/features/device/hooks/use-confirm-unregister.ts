// Unregistering a device asks first (it releases the SN and drops its shares), from the list and the details alike.
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

import { toast } from '@/lib/toast';
import { useUnregisterDevice } from '../api/unregister-device';

export function useConfirmUnregister(): (device: { id: number; alias: string; sn_code: string }) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const unregister = useUnregisterDevice();
  return (device) => {
    const name = device.alias || device.sn_code;
    void modal.confirm({
      title: t('device.unregister.confirmTitle', { name }),
      content: t('device.unregister.confirmContent'),
      okText: t('device.action.unregister'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: () =>
        unregister.mutateAsync(device.id).then(
          () => toast.success(t('device.unregister.success', { name })),
          () => undefined,
        ),
    });
  };
}
