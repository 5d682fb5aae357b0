// Sets a new password for a user; they must change it at their next login.
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { confirmRules, passwordRules } from '@/lib/validation';
import { useResetUserPassword } from '../api/reset-user-password';
import type { UserOut } from '../types';
import { PASSWORD_MAX } from '@/types/limits.gen';
import { perOpening } from '@/components/per-opening';

interface Values {
  password: string;
  password2: string;
}

const FIELDS = ['password', 'password2'] as const;

export const ResetPasswordModal = perOpening(function ResetPasswordModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: UserOut | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const mutation = useResetUserPassword();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    if (!user) return;
    setFormError(null);
    try {
      await mutation.mutateAsync({ id: user.id, input: values });
      toast.success(t('team.password.success', { name: user.user_name }));
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, FIELDS));
    }
  };

  return (
    <FormModal<Values>
      open={open && user !== null}
      title={t('team.password.title')}
      form={form}
      name="team-reset-password"
      loading={mutation.isPending}
      error={formError}
      onErrorChange={setFormError}
      clearErrorOnChange={false}
      onClose={onClose}
      onFinish={onFinish}
      intro={
        <Typography.Paragraph type="secondary">
          {t('team.password.hint', { name: user?.user_name ?? '' })}
        </Typography.Paragraph>
      }
    >
      <Form.Item name="password" label={t('team.user.field.password')} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} autoFocus />
      </Form.Item>
      <Form.Item
        name="password2"
        label={t('team.user.field.password2')}
        dependencies={['password']}
        rules={confirmRules(t)}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
    </FormModal>
  );
});
