// Create or edit a thumbnail group: name, notes and its devices (≤30, in the chosen order).
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  createThumbnailGroup,
  updateThumbnailGroup,
  useSaveThumbnailGroup,
} from '../../api/save-thumbnail-group';
import { thumbnailKeys } from '../../api/thumbnail-groups';
import type { ThumbnailGroup } from '../../lib/monitor-types';
import {
  THUMBNAIL_NAME_MAX,
  THUMBNAIL_NOTES_MAX,
  THUMBNAILS_PER_GROUP_MAX,
  withinDeviceLimit,
} from '../../lib/thumbnail-limits';
import { DevicePicker, deviceLabel } from '@/components/pickers/device-picker';
import { perOpening } from '@/components/per-opening';

interface Values {
  name: string;
  notes?: string;
  device_ids?: number[];
}

export const ThumbnailGroupModal = perOpening(function ThumbnailGroupModal({
  open,
  group,
  onClose,
}: {
  open: boolean;
  /** null: create. */
  group: ThumbnailGroup | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveThumbnailGroup();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = Form.useWatch('device_ids', form) ?? [];
  const known = (group?.items ?? []).map((i) =>
    i.available
      ? { id: i.device_id, sn_code: i.sn_code, alias: i.alias }
      : { id: i.device_id, sn_code: '', alias: t('device.dashboard.gone') },
  );

  const onFinish = async (values: Values) => {
    setError(null);
    setBusy(true);
    const input = { name: values.name.trim(), notes: (values.notes ?? '').trim() };
    const deviceIds = values.device_ids ?? [];
    try {
      if (group) {
        await save.mutateAsync({ id: group.id, input: { ...input, device_ids: deviceIds } });
        toast.success(t('device.dashboard.saved'));
      } else {
        // POST takes name and notes; the devices follow with a PUT.
        const created = await createThumbnailGroup(input);
        try {
          if (deviceIds.length > 0) await updateThumbnailGroup(created.id, { device_ids: deviceIds });
        } finally {
          void queryClient.invalidateQueries({ queryKey: thumbnailKeys.all });
        }
        toast.success(t('device.dashboard.created'));
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name', 'notes', 'device_ids']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={group ? t('device.dashboard.editTitle') : t('device.dashboard.createTitle')}
      width={620}
      form={form}
      name="thumbnail-group"
      initialValues={{
        name: group?.name ?? '',
        notes: group?.notes ?? '',
        device_ids: group?.items.map((i) => i.device_id) ?? [],
      }}
      loading={busy}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item
        name="name"
        label={t('device.dashboard.field.name')}
        rules={[
          { required: true, whitespace: true, message: t('device.dashboard.rule.nameRequired') },
          {
            max: THUMBNAIL_NAME_MAX,
            message: t('device.dashboard.rule.nameMax', { max: THUMBNAIL_NAME_MAX }),
          },
        ]}
      >
        <Input maxLength={THUMBNAIL_NAME_MAX} showCount autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="notes"
        label={t('device.dashboard.field.notes')}
        rules={[
          {
            max: THUMBNAIL_NOTES_MAX,
            message: t('device.dashboard.rule.notesMax', { max: THUMBNAIL_NOTES_MAX }),
          },
        ]}
      >
        <Input.TextArea maxLength={THUMBNAIL_NOTES_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item
        name="device_ids"
        label={t('device.dashboard.field.devices', { count: chosen.length, max: THUMBNAILS_PER_GROUP_MAX })}
        extra={t('device.dashboard.field.devicesHint', { max: THUMBNAILS_PER_GROUP_MAX })}
        rules={[
          {
            validator: (_r, value: unknown) =>
              !Array.isArray(value) || withinDeviceLimit(value)
                ? Promise.resolve()
                : Promise.reject(
                    new Error(t('device.dashboard.rule.devicesMax', { max: THUMBNAILS_PER_GROUP_MAX })),
                  ),
          },
        ]}
      >
        <DevicePicker
          mode="multiple"
          known={known}
          formatLabel={(d) => (d.sn_code ? deviceLabel(d) : (d.alias ?? ''))}
          maxCount={THUMBNAILS_PER_GROUP_MAX}
          placeholder={t('device.dashboard.field.devicesPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
});
