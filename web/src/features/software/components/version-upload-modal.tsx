// Upload a software version: its type (device end, mobile, PC), version (semantic versioning), the gateway models a
// device-end version fits (a mobile or PC version fits the platform its bytes name: the server reads it), the update
// content in Chinese and English (one at least), the mode, and the package (one file, at most the server's cap),
// sent as one multipart request with its progress. A refusal stays in the dialog, on the field the server names.
import { InboxOutlined } from '@ant-design/icons';
import { Form, Input, Progress, Radio, Select, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { applyServerError } from '@/lib/form-errors';
import { formatBytes } from '@/lib/exports/format';
import { toast } from '@/lib/toast';
import {
  SOFTWARE_CONTENT_MAX,
  SOFTWARE_MODEL_MAX,
  SOFTWARE_MODELS_MAX,
  SOFTWARE_PACKAGE_MAX_BYTES,
  SOFTWARE_PACKAGE_SIZE_TEXT,
  SOFTWARE_VERSION_MAX,
} from '@/types/limits.gen';
import {
  MODE_DEFAULT,
  MODE_FORCED,
  SOFTWARE_TYPES,
  TYPE_DEVICE,
  useUploadVersion,
  type SoftwareType,
} from '../api/versions';
import { isSemver } from '../lib/semver';

interface Values {
  type: SoftwareType;
  version: string;
  models: string[];
  content_zh: string;
  content_en: string;
  mode: number;
  file: UploadFile[];
}

const ACCEPT: Record<SoftwareType, string> = {
  1: '.tar.gz,.tgz,application/gzip',
  2: '.apk,.ipa',
  3: '.exe,.msi,.deb,.AppImage,.dmg,.zip',
};

export interface VersionUploadModalProps {
  open: boolean;
  onClose: () => void;
}

export const VersionUploadModal = perOpening(function VersionUploadModal({
  open,
  onClose,
}: VersionUploadModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useUploadVersion();
  const type = (Form.useWatch('type', form) as SoftwareType | undefined) ?? TYPE_DEVICE;
  const mode = (Form.useWatch('mode', form) as number | undefined) ?? MODE_DEFAULT;
  const picked = Form.useWatch('file', form) as UploadFile[] | undefined;
  const file = picked?.[0]?.originFileObj ?? null;

  const onFinish = async (values: Values) => {
    const chosen = values.file[0]?.originFileObj;
    if (!chosen) return;
    setPercent(0);
    try {
      const saved = await upload.mutateAsync({
        type: values.type,
        version: values.version.trim(),
        models: values.models,
        contentZh: values.content_zh.trim(),
        contentEn: values.content_en.trim(),
        mode: values.mode,
        file: chosen,
        onProgress: (share) => setPercent(Math.min(99, Math.round(share * 100))),
      });
      toast.success(t('software.actions.uploaded', { version: saved.version }));
      onClose();
    } catch (e) {
      setPercent(null);
      // The package's own refusals (116001 on the file or on its checksum, 116002) stand beside the file.
      setError(
        applyServerError(form, e, ['version', 'models', 'content_zh', 'content_en', 'mode', 'file'], {
          sha256: 'file',
        }),
      );
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
      title={t('software.form.uploadTitle')}
      width={640}
      form={form}
      name="software-version-upload"
      initialValues={{
        type: TYPE_DEVICE,
        version: '',
        models: [],
        content_zh: '',
        content_en: '',
        mode: MODE_DEFAULT,
      }}
      loading={upload.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('software.form.submit')}
      onValuesChange={(changed: Partial<Values>) => {
        if ('content_zh' in changed || 'content_en' in changed)
          void form.validateFields(['content_zh', 'content_en']).catch(() => undefined);
        if ('type' in changed) form.setFieldValue('file', []);
      }}
    >
      <Form.Item name="type" label={t('software.form.type')}>
        <Radio.Group
          optionType="button"
          options={SOFTWARE_TYPES.map((value) => ({ value, label: t(`software.type.${String(value)}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="version"
        label={t('software.form.version')}
        extra={t('software.form.versionHelp')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('software.form.versionRequired') },
          {
            validator: (_, value: string) =>
              isSemver(value.trim(), SOFTWARE_VERSION_MAX)
                ? Promise.resolve()
                : Promise.reject(new Error(t('software.form.versionInvalid'))),
          },
        ]}
      >
        <Input autoComplete="off" maxLength={SOFTWARE_VERSION_MAX} placeholder="2.1.0" autoFocus />
      </Form.Item>
      {type === TYPE_DEVICE && (
        <Form.Item
          name="models"
          label={t('software.form.models')}
          extra={t('software.form.modelsHelp')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('software.form.modelsRequired') },
            {
              validator: (_, value: string[]) =>
                value.some((m) => m.trim().length > SOFTWARE_MODEL_MAX || m.includes(','))
                  ? Promise.reject(new Error(t('software.form.modelInvalid', { max: SOFTWARE_MODEL_MAX })))
                  : Promise.resolve(),
            },
          ]}
        >
          <Select mode="tags" open={false} maxCount={SOFTWARE_MODELS_MAX} tokenSeparators={[',', ' ']} />
        </Form.Item>
      )}
      <Form.Item name="content_zh" label={t('software.form.contentZh')} rules={[contentRule]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={SOFTWARE_CONTENT_MAX} showCount />
      </Form.Item>
      <Form.Item name="content_en" label={t('software.form.contentEn')} rules={[contentRule]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={SOFTWARE_CONTENT_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="mode"
        label={t('software.form.mode')}
        extra={t(`software.form.modeHelp${String(mode)}`)}
      >
        <Radio.Group
          options={[
            { value: MODE_DEFAULT, label: t('software.mode.0') },
            { value: MODE_FORCED, label: t('software.mode.1') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('software.form.file')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={[
          { required: true, type: 'array', min: 1, message: t('software.form.fileRequired') },
          {
            validator: (_, value: UploadFile[] | undefined) =>
              (value?.[0]?.size ?? 0) > SOFTWARE_PACKAGE_MAX_BYTES
                ? Promise.reject(
                    new Error(t('software.form.fileTooLarge', { size: SOFTWARE_PACKAGE_SIZE_TEXT })),
                  )
                : Promise.resolve(),
          },
        ]}
      >
        <Upload.Dragger
          accept={ACCEPT[type]}
          multiple={false}
          maxCount={1}
          disabled={upload.isPending}
          beforeUpload={() => false}
          onRemove={() => setPercent(null)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {t('software.form.fileHint', { size: SOFTWARE_PACKAGE_SIZE_TEXT })}
          </p>
          <p className="ant-upload-hint">{t('software.form.fileTypes')}</p>
        </Upload.Dragger>
      </Form.Item>
      {file && (
        <Typography.Text type="secondary" className="software-upload__size">
          {formatBytes(file.size)}
        </Typography.Text>
      )}
      {percent !== null && (
        <Progress
          className="software-upload__progress"
          percent={percent}
          status={upload.isPending ? 'active' : 'normal'}
          format={(p) => t('software.form.uploading', { percent: p ?? 0 })}
        />
      )}
    </FormModal>
  );
});
