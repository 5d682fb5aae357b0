// Move the selected devices into a group.
import { Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useMoveDevices } from '../../api/move-devices';
import type { DeviceOut } from '../../types';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { perOpening } from '@/components/per-opening';

interface Values {
  group_id: number | null;
}

interface MoveDevicesModalProps {
  open: boolean;
  devices: DeviceOut[];
  onClose: () => void;
  onMoved?: () => void;
}

export const MoveDevicesModal = perOpening(function MoveDevicesModal({
  open,
  devices,
  onClose,
  onMoved,
}: MoveDevicesModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const move = useMoveDevices();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    if (values.group_id === null) return;
    try {
      await move.mutateAsync({ group_id: values.group_id, device_ids: devices.map((d) => d.id) });
      toast.success(t('device.move.success', { count: devices.length }));
      onMoved?.();
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['group_id']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('device.move.title')}
      width={480}
      form={form}
      name="device-move"
      initialValues={{ group_id: null }}
      loading={move.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('device.move.submit')}
      intro={
        <Typography.Paragraph type="secondary">
          {t('device.move.intro', {
            count: devices.length,
            names: devices
              .slice(0, 3)
              .map((d) => d.alias || d.sn_code)
              .join(t('device.list.separator')),
          })}
        </Typography.Paragraph>
      }
    >
      <Form.Item
        name="group_id"
        label={t('device.move.target')}
        rules={[{ required: true, message: t('device.validation.group.required') }]}
      >
        <DeviceGroupPicker autoFocus />
      </Form.Item>
    </FormModal>
  );
});
