// Add a screen of a kind, or rename one (name 1–32, unique per template and kind).
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { SCREEN_NAME_MAX } from '@/types/limits.gen';
import { useCreateScreen } from '../api/create-screen';
import { useUpdateScreen } from '../api/update-screen';
import type { ScreenKind, ScreenOut } from '../types';

interface Values {
  name: string;
}

interface ScreenFormModalProps {
  open: boolean;
  templateId: number;
  kind: ScreenKind;
  /** null: add a screen of `kind`. */
  screen: ScreenOut | null;
  /** The name shown for the screen (the default main name translated). */
  screenName?: string;
  onClose: () => void;
}

export function ScreenFormModal({
  open,
  templateId,
  kind,
  screen,
  screenName,
  onClose,
}: ScreenFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateScreen();
  const update = useUpdateScreen({ silent: true });
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    const name = values.name.trim();
    try {
      if (screen) {
        await update.mutateAsync({ id: screen.id, name });
        toast.success(t('configure.screen.renamed'));
      } else {
        await create.mutateAsync({ template_id: templateId, kind, name });
        toast.success(t('configure.screen.added'));
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, ['name']));
    }
  };

  const addTitle = kind === 'web' ? t('configure.screen.addWebTitle') : t('configure.screen.addMobileTitle');
  return (
    <FormModal<Values>
      open={open}
      title={screen ? t('configure.screen.renameTitle') : addTitle}
      form={form}
      name="template-screen"
      initialValues={{ name: screen ? (screenName ?? screen.name) : '' }}
      loading={create.isPending || update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
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
    </FormModal>
  );
}
