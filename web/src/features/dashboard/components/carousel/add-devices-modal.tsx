// Adds devices to a carousel group with the shared device picker: the chosen ones go after the group's own, in the
// order picked, within the group's limit. A refusal (a device gone, the limit) shows by the picker.
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { DevicePicker } from '@/components/pickers/device-picker';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { CAROUSEL_DEVICES_PER_GROUP_MAX } from '@/types/limits.gen';
import { useSetCarouselDevices } from '../../api/set-carousel-devices';
import type { CarouselDevice } from '../../types';
import { perOpening } from '@/components/per-opening';

interface Values {
  device_ids: number[];
}

export const AddDevicesModal = perOpening(function AddDevicesModal({
  open,
  groupId,
  devices,
  onClose,
}: {
  open: boolean;
  groupId: number;
  /** The group's devices now. */
  devices: readonly CarouselDevice[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const setDevices = useSetCarouselDevices();
  const [error, setError] = useState<string | null>(null);
  const room = Math.max(0, CAROUSEL_DEVICES_PER_GROUP_MAX - devices.length);
  const inGroup = new Set(devices.map((d) => d.device_id));

  const onFinish = async ({ device_ids }: Values) => {
    const added = device_ids.filter((id) => !inGroup.has(id));
    try {
      await setDevices.mutateAsync({ groupId, deviceIds: [...devices.map((d) => d.device_id), ...added] });
      toast.success(t('dashboard.carousel.device.added', { count: added.length }));
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['device_ids']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('dashboard.carousel.device.addTitle')}
      width={560}
      form={form}
      name="carousel-devices"
      initialValues={{ device_ids: [] }}
      loading={setDevices.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('dashboard.carousel.device.add')}
    >
      <Form.Item
        name="device_ids"
        label={t('dashboard.carousel.device.pick')}
        extra={t('dashboard.carousel.device.pickHint', {
          count: devices.length,
          max: CAROUSEL_DEVICES_PER_GROUP_MAX,
        })}
        rules={[
          { required: true, type: 'array', min: 1, message: t('dashboard.carousel.rule.devicesRequired') },
        ]}
      >
        <DevicePicker<number[]>
          mode="multiple"
          maxCount={room}
          enabled={open}
          placeholder={t('dashboard.carousel.device.pickPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
});
