// Create or edit a carousel group: name, seconds per device and (once it holds devices) the intra-group rotation.
// A refusal stays in the dialog: on the field the server names (name, interval, rotate), else above the buttons.
import { Form, Input, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
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
  // A new group holds no device, so it cannot rotate yet; a rotating group may always be stopped.
  const canRotate = group !== null && (group.device_count > 0 || group.rotate);
  const limits = { min: CAROUSEL_INTERVAL_MIN_S, max: CAROUSEL_INTERVAL_MAX_S };

  const onFinish = async (values: Values) => {
    try {
      const saved = await save.mutateAsync({
        id: group?.id ?? null,
        input: {
          name: values.name.trim(),
          interval: values.interval ?? CAROUSEL_INTERVAL_DEFAULT_S,
          ...(group ? { rotate: values.rotate } : {}),
        },
      });
      toast.success(group ? t('dashboard.carousel.group.saved') : t('dashboard.carousel.group.created'));
      onSaved(saved);
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name', 'interval', 'rotate']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={group ? t('dashboard.carousel.group.editTitle') : t('dashboard.carousel.group.createTitle')}
      form={form}
      name="carousel-group"
      initialValues={{
        name: group?.name ?? '',
        interval: group?.interval ?? CAROUSEL_INTERVAL_DEFAULT_S,
        rotate: group?.rotate ?? false,
      }}
      loading={save.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
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
