// Create a template, or edit one: name, description, type, soft type, data version and the web and mobile sizes.
import { Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { FormModal } from '@/components/form-modal';
import {
  TEMPLATE_DATA_VERSIONS,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SOFT_TYPE_MAX,
  TEMPLATE_TYPES,
} from '@/types/limits.gen';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import { defaultSize, resolveSize, sizeToPreset } from '@/lib/screen-size';
import type { DataVersion, TemplateInput, TemplateOut, TemplateType } from '../types';
import { SizeField } from './size-field';
import { perOpening } from '@/components/per-opening';

interface Values {
  name: string;
  description?: string;
  type: TemplateType;
  soft_type?: string;
  data_version: DataVersion;
  web_preset: string;
  width?: number | null;
  height?: number | null;
  mobile_preset: string;
  mobile_width?: number | null;
  mobile_height?: number | null;
}

const SERVER_FIELDS = [
  'name',
  'description',
  'soft_type',
  'type',
  'data_version',
  'width',
  'height',
  'mobile_width',
  'mobile_height',
];

function initialValues(template: TemplateOut | null): Values {
  const web = template ? { width: template.width, height: template.height } : defaultSize('web');
  const mobile = template
    ? { width: template.mobile_width, height: template.mobile_height }
    : defaultSize('mobile');
  return {
    name: template?.name ?? '',
    description: template?.description ?? '',
    type: template?.type ?? 'standard',
    soft_type: template?.soft_type ?? '',
    data_version: template?.data_version ?? '1.0',
    web_preset: sizeToPreset('web', web.width, web.height),
    width: web.width,
    height: web.height,
    mobile_preset: sizeToPreset('mobile', mobile.width, mobile.height),
    mobile_width: mobile.width,
    mobile_height: mobile.height,
  };
}

/** The form's values → the request body (a preset's size wins over the hidden inputs). */
export function toTemplateInput(values: Values, groupId: number | null | undefined): TemplateInput {
  const web = resolveSize('web', values.web_preset, values.width, values.height);
  const mobile = resolveSize('mobile', values.mobile_preset, values.mobile_width, values.mobile_height);
  return {
    name: values.name.trim(),
    description: (values.description ?? '').trim(),
    type: values.type,
    soft_type: (values.soft_type ?? '').trim(),
    data_version: values.data_version,
    width: web.width,
    height: web.height,
    mobile_width: mobile.width,
    mobile_height: mobile.height,
    ...(groupId === undefined ? {} : { group_id: groupId }),
  };
}

interface TemplateFormModalProps {
  open: boolean;
  /** null: create. */
  template: TemplateOut | null;
  onClose: () => void;
  onCreated?: (template: TemplateOut) => void;
}

export const TemplateFormModal = perOpening(function TemplateFormModal({
  open,
  template,
  onClose,
  onCreated,
}: TemplateFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const [error, setError] = useState<string | null>(null);
  const maxMessage = (max: number) => t('configure.template.validation.max', { max });

  const onFinish = async (values: Values) => {
    try {
      if (template) {
        // The tile group is edited on the template-group page; keep it as it is.
        await update.mutateAsync({ id: template.id, input: toTemplateInput(values, template.group_id) });
        toast.success(t('configure.template.form.updated'));
      } else {
        const created = await create.mutateAsync(toTemplateInput(values, undefined));
        toast.success(t('configure.template.form.created'));
        onCreated?.(created);
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, SERVER_FIELDS));
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={template ? t('configure.template.form.editTitle') : t('configure.template.form.createTitle')}
      width={560}
      form={form}
      name="template"
      initialValues={initialValues(template)}
      loading={create.isPending || update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item
        name="name"
        label={t('configure.template.field.name')}
        rules={[
          { required: true, whitespace: true, message: t('configure.template.validation.nameRequired') },
          { max: TEMPLATE_NAME_MAX, message: maxMessage(TEMPLATE_NAME_MAX) },
        ]}
      >
        <Input
          autoComplete="off"
          maxLength={TEMPLATE_NAME_MAX}
          showCount
          autoFocus
          placeholder={t('configure.template.field.namePlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('configure.template.field.description')}
        rules={[{ max: TEMPLATE_DESCRIPTION_MAX, message: maxMessage(TEMPLATE_DESCRIPTION_MAX) }]}
      >
        <Input.TextArea
          rows={2}
          maxLength={TEMPLATE_DESCRIPTION_MAX}
          showCount
          placeholder={t('configure.template.field.descriptionPlaceholder')}
        />
      </Form.Item>
      <div className="tpl-form__row">
        <Form.Item name="type" label={t('configure.template.field.type')}>
          <Radio.Group
            optionType="button"
            options={TEMPLATE_TYPES.map((value) => ({
              value,
              label: t(`configure.template.type.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="data_version"
          label={t('configure.template.field.dataVersion')}
          tooltip={t('configure.template.field.dataVersionHint')}
        >
          <Radio.Group
            optionType="button"
            options={TEMPLATE_DATA_VERSIONS.map((value) => ({ value, label: value }))}
          />
        </Form.Item>
      </div>
      <Form.Item
        name="soft_type"
        label={t('configure.template.field.softType')}
        rules={[{ max: TEMPLATE_SOFT_TYPE_MAX, message: maxMessage(TEMPLATE_SOFT_TYPE_MAX) }]}
      >
        <Input
          autoComplete="off"
          maxLength={TEMPLATE_SOFT_TYPE_MAX}
          placeholder={t('configure.template.field.softTypePlaceholder')}
        />
      </Form.Item>
      <SizeField
        kind="web"
        label={t('configure.template.field.webSize')}
        names={{ preset: 'web_preset', width: 'width', height: 'height' }}
      />
      <SizeField
        kind="mobile"
        label={t('configure.template.field.mobileSize')}
        names={{ preset: 'mobile_preset', width: 'mobile_width', height: 'mobile_height' }}
      />
    </FormModal>
  );
});
