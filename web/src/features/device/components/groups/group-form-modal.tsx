// Create a device group, or rename one and edit its notes.
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreateDeviceGroup } from '../../api/create-device-group';
import { useUpdateDeviceGroup } from '../../api/update-device-group';
import { DEVICE_GROUP_NAME_MAX, DEVICE_GROUP_NOTES_MAX, groupNameRules, maxRule } from '../../lib/rules';
import type { DeviceGroupOut } from '../../types';
import { perOpening } from '@/components/per-opening';

interface Values {
  name: string;
  notes?: string;
}

interface GroupFormModalProps {
  open: boolean;
  /** null: create. */
  group: DeviceGroupOut | null;
  onClose: () => void;
  onCreated?: (group: DeviceGroupOut) => void;
}

export const GroupFormModal = perOpening(function GroupFormModal({
  open,
  group,
  onClose,
  onCreated,
}: GroupFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateDeviceGroup();
  const update = useUpdateDeviceGroup();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    const input = { name: values.name.trim(), notes: (values.notes ?? '').trim() };
    try {
      if (group) {
        await update.mutateAsync({ id: group.id, input });
        toast.success(t('device.group.updated'));
      } else {
        const created = await create.mutateAsync(input);
        toast.success(t('device.group.created'));
        onCreated?.(created);
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name', 'notes']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={group ? t('device.group.editTitle') : t('device.group.createTitle')}
      form={form}
      name="device-group"
      initialValues={{
        name: group?.name ?? '',
        notes: group?.notes ?? '',
      }}
      loading={create.isPending || update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item name="name" label={t('device.group.field.name')} rules={groupNameRules(t)}>
        <Input autoComplete="off" maxLength={DEVICE_GROUP_NAME_MAX} showCount autoFocus />
      </Form.Item>
      <Form.Item
        name="notes"
        label={t('device.group.field.notes')}
        rules={[maxRule(t, DEVICE_GROUP_NOTES_MAX)]}
      >
        <Input.TextArea
          rows={3}
          maxLength={DEVICE_GROUP_NOTES_MAX}
          showCount
          placeholder={t('device.group.field.notesPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
});
