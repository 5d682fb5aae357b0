// Move a device shared with the caller into one of their own groups, or back to "Shared with me". The filing is the
// caller's alone: the owner and everyone else keep seeing the device where it is.
import { Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFileReceivedShare } from '../../api/file-received-share';
import { useDeviceGroups } from '../../api/list-device-groups';
import { initialChoice, SHARED_WITH_ME, toGroupId } from '../../lib/share-group';
import type { DeviceOut } from '../../types';
import { perOpening } from '@/components/per-opening';

interface Values {
  group: number;
}

interface FileShareModalProps {
  open: boolean;
  device: DeviceOut | null;
  onClose: () => void;
}

export const FileShareModal = perOpening(function FileShareModal({
  open,
  device,
  onClose,
}: FileShareModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const groups = useDeviceGroups();
  const file = useFileReceivedShare();
  const [error, setError] = useState<string | null>(null);
  const name = device ? device.alias || device.sn_code : '';
  const options = [
    { value: SHARED_WITH_ME, label: t('device.group.sharedWithMe') },
    ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
  ];

  const onFinish = async (values: Values) => {
    if (!device) return;
    try {
      await file.mutateAsync({ device_id: device.id, group_id: toGroupId(values.group) });
      const group = options.find((o) => o.value === values.group)?.label ?? '';
      toast.success(t('device.fileShare.success', { name, group }));
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['group'], { group_id: 'group' }));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('device.fileShare.title', { name })}
      width={480}
      form={form}
      name="device-file-share"
      initialValues={{ group: device ? initialChoice(device, groups.data ?? []) : SHARED_WITH_ME }}
      formReady={!groups.isPending}
      loading={file.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      intro={<Typography.Paragraph type="secondary">{t('device.fileShare.intro')}</Typography.Paragraph>}
    >
      <Form.Item name="group" label={t('device.fileShare.target')} rules={[{ required: true }]}>
        <Select<number> autoFocus showSearch={{ optionFilterProp: 'label' }} options={options} />
      </Form.Item>
    </FormModal>
  );
});
