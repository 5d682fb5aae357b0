// Name a file that passed checkImageFile and choose which of the caller's classifications it goes into (none: their
// uncategorised bucket), then upload.
import { Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { IMAGE_SIZE_TEXT, PICTURE_NAME_MAX } from '@/types/limits.gen';
import { useUploadImage } from './api/upload-image';
import { UploadFields } from './upload-fields';
import type { ClassifyOut, ImageOut, ImageUse } from './types';
import { nameFromFile } from './upload-rules';
import { perOpening } from '@/components/per-opening';

interface Values {
  name: string;
  classify_id?: number;
}

interface UploadDialogProps {
  /** null: closed. */
  file: File | null;
  use: ImageUse;
  /** The caller's own classifications. */
  classifications: ClassifyOut[];
  defaultClassifyId: number | undefined;
  onClose: () => void;
  onUploaded: (image: ImageOut) => void;
}

export const UploadDialog = perOpening(
  function UploadDialog({
    file,
    use,
    classifications,
    defaultClassifyId,
    onClose,
    onUploaded,
  }: UploadDialogProps) {
    const { t } = useTranslation();
    const [form] = Form.useForm<Values>();
    const upload = useUploadImage();
    const [error, setError] = useState<string | null>(null);

    const onFinish = async (values: Values) => {
      if (!file) return;
      try {
        const image = await upload.mutateAsync({
          file,
          name: values.name.trim(),
          classifyId: values.classify_id,
          use,
        });
        toast.success(t('designer.gallery.upload.done'));
        onUploaded(image);
        onClose();
      } catch (e) {
        setError(applyServerError(form, e, ['name', 'classify_id']));
      }
    };

    return (
      <FormModal<Values>
        open={file !== null}
        title={t('designer.gallery.upload.title')}
        form={form}
        name="gallery-upload"
        initialValues={{
          name: file ? nameFromFile(file.name) : '',
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
            {t('designer.gallery.upload.hint', { file: file?.name ?? '', size: IMAGE_SIZE_TEXT[use] })}
          </Typography.Paragraph>
        }
      >
        <UploadFields
          nameLabel={t('designer.gallery.upload.name')}
          emptyCode="114007"
          max={PICTURE_NAME_MAX}
          classifications={classifications}
          optional
        />
      </FormModal>
    );
  },
  { isOpen: (props) => props.file !== null },
);
