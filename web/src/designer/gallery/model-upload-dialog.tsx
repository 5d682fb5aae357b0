// Name a 3D model whose files passed checkModelFiles and choose which of the caller's classifications it goes into,
// then upload every file in one request; the server's refusal (its codes' texts) shows in the dialog.
import { Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { MODEL_NAME_MAX } from '@/types/limits.gen';
import { useUploadModel } from './api/upload-model';
import { formatSize } from './format';
import { modelNameFromFiles } from './model-rules';
import { UploadFields } from './upload-fields';
import type { ClassifyOut } from './types';
import { perOpening } from '@/components/per-opening';

interface Values {
  name: string;
  classify_id: number;
}

interface ModelUploadDialogProps {
  /** null: closed. */
  files: File[] | null;
  /** The caller's own classifications. */
  classifications: ClassifyOut[];
  defaultClassifyId: number | undefined;
  onClose: () => void;
}

export const ModelUploadDialog = perOpening(
  function ModelUploadDialog({ files, classifications, defaultClassifyId, onClose }: ModelUploadDialogProps) {
    const { t } = useTranslation();
    const [form] = Form.useForm<Values>();
    const upload = useUploadModel();
    const [error, setError] = useState<string | null>(null);

    const onFinish = async (values: Values) => {
      if (!files) return;
      try {
        await upload.mutateAsync({ files, name: values.name.trim(), classifyId: values.classify_id });
        toast.success(t('designer.gallery.model.uploaded'));
        onClose();
      } catch (e) {
        setError(applyServerError(form, e, ['name', 'classify_id']));
      }
    };

    const total = (files ?? []).reduce((sum, f) => sum + f.size, 0);

    return (
      <FormModal<Values>
        open={files !== null}
        title={t('designer.gallery.model.uploadTitle')}
        form={form}
        name="gallery-model-upload"
        initialValues={{
          name: files ? modelNameFromFiles(files) : '',
          ...(defaultClassifyId !== undefined ? { classify_id: defaultClassifyId } : {}),
        }}
        loading={upload.isPending}
        error={error}
        onErrorChange={setError}
        onClose={onClose}
        onFinish={onFinish}
        okText={t('designer.gallery.upload.submit')}
        intro={
          <Typography.Paragraph type="secondary">
            {t('designer.gallery.model.filesHint', { count: files?.length ?? 0, size: formatSize(total) })}
            <br />
            {(files ?? []).map((f) => f.name).join(', ')}
          </Typography.Paragraph>
        }
      >
        <UploadFields
          nameLabel={t('designer.gallery.model.name')}
          emptyCode="114502"
          max={MODEL_NAME_MAX}
          classifications={classifications}
        />
      </FormModal>
    );
  },
  { isOpen: (props) => props.files !== null },
);
