// Create or edit a carousel group. A new group is made in this one dialog with its name, seconds per device, its
// devices (the shared device picker, in the order picked) and its rotation (issue 30 point 7); an existing group's
// devices are edited in its device list, and its rotation here once it holds a device. A refusal stays in the
// dialog: on the field the server names (name, interval, device_ids, rotate), else above the buttons.
import { Form, Input, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { DevicePicker } from '@/components/pickers/device-picker';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  CAROUSEL_DEVICES_PER_GROUP_MAX,
  CAROUSEL_GROUP_NAME_MAX,
  CAROUSEL_INTERVAL_DEFAULT_S,
  CAROUSEL_INTERVAL_MAX_S,
  CAROUSEL_INTERVAL_MIN_S,
} from '@/types/limits.gen';
import { useSaveCarouselGroup } from '../../api/save-carousel-group';
import type { CarouselGroup } from '../../types';

interface Values {
  name: string;
  interval: number | null;
  rotate: boolean;
  /** A new group's devices, in the order picked. */
  device_ids?: number[];
}

export const GroupFormModal = perOpening(function GroupFormModal({
  open,
  group,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: create. */
  group: CarouselGroup | null;
  onClose: () => void;
  onSaved: (group: CarouselGroup) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveCarouselGroup();
  const [error, setError] = useState<string | null>(null);
  const picked = Form.useWatch('device_ids', form) ?? [];
  // A group rotates once it holds a device (a new one: once one is picked); a rotating group may always be stopped.
  const canRotate = group === null ? picked.length > 0 : group.device_count > 0 || group.rotate;
  const limits = { min: CAROUSEL_INTERVAL_MIN_S, max: CAROUSEL_INTERVAL_MAX_S };

  const onFinish = async (values: Values) => {
    try {
      const name = values.name.trim();
      const interval = values.interval ?? CAROUSEL_INTERVAL_DEFAULT_S;
      const device_ids = values.device_ids ?? [];
      const saved = await save.mutateAsync(
        group
          ? { id: group.id, input: { name, interval, rotate: values.rotate } }
          : {
              id: null,
              input: { name, interval, device_ids, rotate: device_ids.length > 0 && values.rotate },
            },
      );
      toast.success(group ? t('dashboard.carousel.group.saved') : t('dashboard.carousel.group.created'));
      onSaved(saved);
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name', 'interval', 'device_ids', 'rotate']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={group ? t('dashboard.carousel.group.editTitle') : t('dashboard.carousel.group.createTitle')}
      {...(group ? {} : { width: 560 })}
      form={form}
      name="carousel-group"
      initialValues={{
        name: group?.name ?? '',
        interval: group?.interval ?? CAROUSEL_INTERVAL_DEFAULT_S,
        rotate: group?.rotate ?? false,
        ...(group ? {} : { device_ids: [] }),
      }}
      loading={save.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<Values>) => {
        // Every device taken out again: nothing left to rotate.
        if (changed.device_ids?.length === 0) form.setFieldValue('rotate', false);
      }}
    >
      <Form.Item
        name="name"
        label={t('dashboard.carousel.field.name')}
        rules={[
          { required: true, whitespace: true, message: t('dashboard.carousel.rule.nameRequired') },
          {
            max: CAROUSEL_GROUP_NAME_MAX,
            message: t('dashboard.carousel.rule.nameMax', { max: CAROUSEL_GROUP_NAME_MAX }),
          },
        ]}
      >
        <Input maxLength={CAROUSEL_GROUP_NAME_MAX} showCount autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="interval"
        label={t('dashboard.carousel.field.interval')}
        extra={t('dashboard.carousel.field.intervalHint', limits)}
        rules={[
          { required: true, message: t('dashboard.carousel.rule.intervalRequired') },
          {
            type: 'integer',
            ...limits,
            message: t('dashboard.carousel.rule.intervalRange', limits),
          },
        ]}
      >
        <InputNumber
          {...limits}
          precision={0}
          step={5}
          suffix={t('dashboard.carousel.field.seconds')}
          style={{ width: 180 }}
        />
      </Form.Item>
      {group === null && (
        <Form.Item
          name="device_ids"
          label={t('dashboard.carousel.device.pick')}
          extra={t('dashboard.carousel.create.devicesHint', { max: CAROUSEL_DEVICES_PER_GROUP_MAX })}
        >
          <DevicePicker<number[]>
            mode="multiple"
            maxCount={CAROUSEL_DEVICES_PER_GROUP_MAX}
            enabled={open}
            placeholder={t('dashboard.carousel.device.pickPlaceholder')}
          />
        </Form.Item>
      )}
      <Form.Item
        name="rotate"
        label={t('dashboard.carousel.field.rotate')}
        valuePropName="checked"
        extra={
          canRotate
            ? t('dashboard.carousel.field.rotateHint')
            : t('dashboard.carousel.field.rotateNeedsDevice')
        }
      >
        <Switch disabled={!canRotate} />
      </Form.Item>
    </FormModal>
  );
});
