// Edit a version: its update content, mode and update state. Its number and package never change (a new package is
// a new version).
import { Descriptions, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { formatBytes } from '@/lib/exports/format';
import { toast } from '@/lib/toast';
import { SOFTWARE_CONTENT_MAX } from '@/types/limits.gen';
import {
  MODE_DEFAULT,
  MODE_FORCED,
  STATE_PUBLISHED,
  STATE_WITHDRAWN,
  useUpdateVersion,
  type SoftwareVersionOut,
} from '../api/versions';
import { fitsLabels } from './version-columns';

interface Values {
  content_zh: string;
  content_en: string;
  mode: number;
  state: number;
}

export interface VersionEditModalProps {
  open: boolean;
  version: SoftwareVersionOut | null;
  onClose: () => void;
}

export const VersionEditModal = perOpening(function VersionEditModal({
  open,
  version,
  onClose,
}: VersionEditModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateVersion();
  if (!version) return null;

  const onFinish = async (values: Values) => {
    try {
      await update.mutateAsync({
        id: version.id,
        content_zh: values.content_zh.trim(),
        content_en: values.content_en.trim(),
        mode: values.mode as 0 | 1,
        state: values.state as 0 | 1,
      });
      toast.success(t('software.actions.saved'));
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['content_zh', 'content_en', 'mode', 'state']));
    }
  };

  const contentRule = {
    validator: () => {
      const zh = (form.getFieldValue('content_zh') as string | undefined)?.trim();
      const en = (form.getFieldValue('content_en') as string | undefined)?.trim();
      return zh || en ? Promise.resolve() : Promise.reject(new Error(t('software.form.contentRequired')));
    },
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('software.form.editTitle', { version: version.version })}
      width={600}
      form={form}
      name="software-version-edit"
      initialValues={{
        content_zh: version.content_zh,
        content_en: version.content_en,
        mode: version.mode,
        state: version.state,
      }}
      loading={update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      intro={
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'type',
              label: t('software.columns.type'),
              children: t(`software.type.${String(version.type)}`),
            },
            {
              key: 'models',
              label: t('software.columns.models'),
              children: fitsLabels(t, version).join(', '),
            },
            {
              key: 'file',
              label: t('software.form.file'),
              children: `${version.file_name} · ${formatBytes(version.size)}`,
            },
          ]}
        />
      }
    >
      <Form.Item name="content_zh" label={t('software.form.contentZh')} rules={[contentRule]}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={SOFTWARE_CONTENT_MAX}
          showCount
          autoFocus
        />
      </Form.Item>
      <Form.Item name="content_en" label={t('software.form.contentEn')} rules={[contentRule]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={SOFTWARE_CONTENT_MAX} showCount />
      </Form.Item>
      <Form.Item name="mode" label={t('software.form.mode')}>
        <Radio.Group
          options={[
            { value: MODE_DEFAULT, label: t('software.mode.0') },
            { value: MODE_FORCED, label: t('software.mode.1') },
          ]}
        />
      </Form.Item>
      <Form.Item name="state" label={t('software.form.state')}>
        <Radio.Group
          options={[
            { value: STATE_PUBLISHED, label: t('software.state.1') },
            { value: STATE_WITHDRAWN, label: t('software.state.0') },
          ]}
        />
      </Form.Item>
    </FormModal>
  );
});
