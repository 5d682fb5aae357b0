// Add a screen of a kind (name and size), edit one (name and size) or copy one under a new name (name 1–32,
// unique per template and kind; sizes a preset of SPEC §3 or custom in the kind's ranges).
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { SCREEN_NAME_MAX } from '@/types/limits.gen';
import { useCopyScreen } from '../api/copy-screen';
import { useCreateScreen } from '../api/create-screen';
import { useUpdateScreen } from '../api/update-screen';
import {
  copyName,
  initialScreenValues,
  screenRequest,
  sizeOf,
  type ScreenFormMode,
  type ScreenFormValues,
  type ScreenSize,
} from '../lib/screen-form';
import type { ScreenKind, ScreenOut } from '../types';
import { SizeField } from './size-field';
import { perOpening } from '@/components/per-opening';

interface ScreenFormModalProps {
  open: boolean;
  mode: ScreenFormMode;
  templateId: number;
  kind: ScreenKind;
  /** The screen edited or copied; null when adding. */
  screen: ScreenOut | null;
  /** The template's size for the kind: what a new screen starts with. */
  templateSize: ScreenSize;
  onClose: () => void;
}

export const ScreenFormModal = perOpening(function ScreenFormModal({
  open,
  mode,
  templateId,
  kind,
  screen,
  templateSize,
  onClose,
}: ScreenFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ScreenFormValues>();
  const create = useCreateScreen();
  const update = useUpdateScreen({ silent: true });
  const copy = useCopyScreen();
  const [error, setError] = useState<string | null>(null);
  const target = mode === 'add' ? null : screen;

  const onFinish = async (values: ScreenFormValues) => {
    const request = screenRequest(kind, values);
    try {
      if (mode === 'copy' && target) {
        await copy.mutateAsync({ id: target.id, name: request.name });
        toast.success(t('configure.screen.copied'));
      } else if (mode === 'edit' && target) {
        await update.mutateAsync({ id: target.id, ...request });
        toast.success(t('configure.screen.saved'));
      } else {
        await create.mutateAsync({ template_id: templateId, kind, ...request });
        toast.success(t('configure.screen.added'));
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name', 'width', 'height']));
    }
  };

  const titles: Record<ScreenFormMode, string> = {
    add: kind === 'web' ? t('configure.screen.addWebTitle') : t('configure.screen.addMobileTitle'),
    edit: t('configure.screen.editTitle'),
    copy: t('configure.screen.copyTitle', { name: target?.name ?? '' }),
  };
  const name =
    mode === 'add' || !target
      ? ''
      : mode === 'copy'
        ? copyName(target.name, t('configure.screen.copySuffix'))
        : target.name;
  return (
    <FormModal<ScreenFormValues>
      open={open}
      title={titles[mode]}
      form={form}
      name="template-screen"
      initialValues={initialScreenValues(kind, target ? sizeOf(target) : templateSize, name)}
      loading={create.isPending || update.isPending || copy.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      {...(mode === 'copy' ? { intro: t('configure.screen.copyIntro') } : {})}
    >
      <Form.Item
        name="name"
        label={t('configure.screen.name')}
        rules={[
          { required: true, whitespace: true, message: t('configure.screen.nameRequired') },
          { max: SCREEN_NAME_MAX, message: t('configure.template.validation.max', { max: SCREEN_NAME_MAX }) },
        ]}
      >
        <Input
          autoComplete="off"
          maxLength={SCREEN_NAME_MAX}
          showCount
          autoFocus
          placeholder={t('configure.screen.namePlaceholder')}
        />
      </Form.Item>
      {mode !== 'copy' && (
        <SizeField
          kind={kind}
          label={t('configure.screen.sizeLabel')}
          names={{ preset: 'preset', width: 'width', height: 'height' }}
        />
      )}
    </FormModal>
  );
});
