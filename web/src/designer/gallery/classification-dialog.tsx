// Create a classification of the caller's gallery, or rename one (name 1–10, unique among theirs).
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { translateCode } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { GALLERY_CLASSIFY_NAME_MAX } from '@/types/limits.gen';
import { useSaveClassification } from './api/save-classification';
import type { ClassifyOut } from './types';

interface Values {
  name: string;
}

interface ClassificationDialogProps {
  open: boolean;
  /** null: a new classification. */
  classification: ClassifyOut | null;
  onClose: () => void;
  onSaved: (saved: ClassifyOut) => void;
}

export function ClassificationDialog({ open, classification, onClose, onSaved }: ClassificationDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveClassification();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    try {
      const saved = await save.mutateAsync({
        ...(classification ? { id: classification.id } : {}),
        name: values.name.trim(),
      });
      toast.success(
        t(classification ? 'designer.gallery.classify.renamed' : 'designer.gallery.classify.created'),
      );
      onSaved(saved);
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name']));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={t(
        classification ? 'designer.gallery.classify.renameTitle' : 'designer.gallery.classify.createTitle',
      )}
      form={form}
      name="gallery-classification"
      initialValues={{ name: classification?.name ?? '' }}
      loading={save.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item
        name="name"
        label={t('designer.gallery.classify.name')}
        rules={[{ required: true, whitespace: true, message: translateCode('114002') }]}
      >
        <Input autoComplete="off" maxLength={GALLERY_CLASSIFY_NAME_MAX} showCount autoFocus />
      </Form.Item>
    </FormModal>
  );
}
