// Copy a template: an optional name for the copy (the server names it "<name> copy" when left empty).
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { TEMPLATE_NAME_MAX } from '@/types/limits.gen';
import { useCopyTemplate } from '../api/copy-template';
import type { TemplateOut } from '../types';
import { perOpening } from '@/components/per-opening';

interface Values {
  name?: string;
}

interface CopyTemplateModalProps {
  open: boolean;
  template: TemplateOut | null;
  onClose: () => void;
  onCopied?: (copy: TemplateOut) => void;
}

export const CopyTemplateModal = perOpening(function CopyTemplateModal({
  open,
  template,
  onClose,
  onCopied,
}: CopyTemplateModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const copy = useCopyTemplate();
  const [error, setError] = useState<string | null>(null);
  const name = template?.name ?? '';

  const onFinish = async (values: Values) => {
    if (!template) return;
    const newName = values.name?.trim();
    try {
      const copied = await copy.mutateAsync({ id: template.id, ...(newName ? { name: newName } : {}) });
      toast.success(t('configure.template.copy.done', { name: copied.name }));
      onCopied?.(copied);
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('configure.template.copy.title', { name })}
      form={form}
      name="template-copy"
      initialValues={{ name: '' }}
      loading={copy.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('configure.template.copy.submit')}
      intro={
        <Typography.Paragraph type="secondary">{t('configure.template.copy.intro')}</Typography.Paragraph>
      }
    >
      <Form.Item
        name="name"
        label={t('configure.template.copy.name')}
        rules={[
          {
            max: TEMPLATE_NAME_MAX,
            message: t('configure.template.validation.max', { max: TEMPLATE_NAME_MAX }),
          },
        ]}
      >
        <Input
          autoComplete="off"
          maxLength={TEMPLATE_NAME_MAX}
          showCount
          autoFocus
          placeholder={t('configure.template.copy.namePlaceholder', { name })}
        />
      </Form.Item>
    </FormModal>
  );
});
