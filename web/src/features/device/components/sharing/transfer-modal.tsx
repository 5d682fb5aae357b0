// Hand devices over to another account (any tenant), after an explicit confirmation.
import { Alert, App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useTransferDevices } from '../../api/transfer-devices';
import type { DeviceOut } from '../../types';
import { perOpening } from '@/components/per-opening';

interface Values {
  account: string;
}

interface TransferModalProps {
  open: boolean;
  device: DeviceOut | null;
  onClose: () => void;
  onTransferred?: () => void;
}

export const TransferModal = perOpening(function TransferModal({
  open,
  device,
  onClose,
  onTransferred,
}: TransferModalProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const transfer = useTransferDevices();
  const selfName = useSession((s) => s.name);
  const [error, setError] = useState<string | null>(null);
  const name = device ? device.alias || device.sn_code : '';

  const onFinish = (values: Values) => {
    if (!device) return;
    const account = values.account.trim();
    void modal.confirm({
      title: t('device.transfer.confirmTitle', { name, account }),
      content: t('device.transfer.confirmContent'),
      okText: t('device.transfer.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: async () => {
        try {
          await transfer.mutateAsync({ device_ids: [device.id], account });
          toast.success(t('device.transfer.success', { name, account }));
          onTransferred?.();
          onClose();
        } catch (e) {
          setError(applyServerError(form, e, ['account']));
        }
      },
    });
  };

  return (
    <FormModal<Values>
      open={open && device !== null}
      title={t('device.transfer.title', { name })}
      width={480}
      form={form}
      name="device-transfer"
      initialValues={{ account: '' }}
      loading={transfer.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('device.transfer.next')}
      okButtonProps={{ danger: true }}
      intro={
        <Alert className="devreg-modal-intro" type="warning" showIcon title={t('device.transfer.warning')} />
      }
    >
      <Form.Item
        name="account"
        label={t('device.transfer.account')}
        rules={[
          { required: true, whitespace: true, message: t('device.validation.account.required') },
          {
            validator: (_rule, value: unknown) =>
              typeof value === 'string' &&
              selfName !== '' &&
              value.trim().toLowerCase() === selfName.toLowerCase()
                ? Promise.reject(new Error(t('device.validation.account.self')))
                : Promise.resolve(),
          },
        ]}
      >
        <Input autoComplete="off" autoFocus placeholder={t('device.transfer.accountPlaceholder')} />
      </Form.Item>
    </FormModal>
  );
});
