// The two fields every gallery upload asks for: the name (required, at most `max` characters, `emptyCode`'s message
// when blank) and which of the caller's classifications it goes into (an image may go into none: the uncategorised
// bucket).
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

import { translateCode } from '@/lib/i18n';
import type { ClassifyOut } from './types';

interface UploadFieldsProps {
  nameLabel: string;
  /** The catalogue code of an empty name (114007 a picture, 114502 a model). */
  emptyCode: string;
  max: number;
  classifications: readonly ClassifyOut[];
  /** An image needs no classification: left empty it goes into the uploader's uncategorised bucket. */
  optional?: boolean;
}

export function UploadFields({
  nameLabel,
  emptyCode,
  max,
  classifications,
  optional = false,
}: UploadFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={nameLabel}
        rules={[{ required: true, whitespace: true, message: translateCode(emptyCode) }]}
      >
        <Input autoComplete="off" maxLength={max} showCount autoFocus />
      </Form.Item>
      <Form.Item
        name="classify_id"
        label={t('designer.gallery.upload.classification')}
        rules={
          optional ? [] : [{ required: true, message: t('designer.gallery.upload.classificationRequired') }]
        }
      >
        <Select
          allowClear={optional}
          placeholder={optional ? t('designer.gallery.upload.uncategorised') : undefined}
          options={classifications
            .filter((c) => !(optional && c.uncategorised))
            .map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
    </>
  );
}
