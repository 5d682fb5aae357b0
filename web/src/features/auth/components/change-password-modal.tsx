// Change-password dialog (PUT /yun/user/edit/pwd); in forced mode (must_change_password) it cannot be dismissed.
import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { applyServerError } from '@/lib/form-errors';
import { setMustChangePassword } from '@/lib/session';
import { toast } from '@/lib/toast';
import { confirmRules, passwordRules } from '@/lib/validation';
import { useChangePassword } from '../api/change-password';
import { PASSWORD_MAX } from '@/types/limits.gen';
import { perOpening } from '@/components/per-opening';

interface ChangePasswordValues {
  old_password: string;
  password: string;
  password2: string;
}

interface ChangePasswordModalProps {
  open: boolean;
  /** The server requires a new password: no close button, no Escape, no mask click. */
  forced: boolean;
  onClose: () => void;
  /** Offered in forced mode as the only other way out. */
  onLogout: () => void;
}

const FIELDS = ['old_password', 'password', 'password2'] as const;

export const ChangePasswordModal = perOpening(function ChangePasswordModal({
  open,
  forced,
  onClose,
  onLogout,
}: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordValues>();
  const mutation = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: ChangePasswordValues) => {
    setFormError(null);
    try {
      await mutation.mutateAsync(values);
      setMustChangePassword(false);
      toast.success(t('auth.changePassword.success'));
      form.resetFields();
      onClose();
    } catch (error) {
      setFormError(applyServerError(form, error, FIELDS));
    }
  };

  return (
    <Modal
      open={open}
      title={forced ? t('auth.changePassword.forcedTitle') : t('auth.changePassword.title')}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      destroyOnHidden
      onCancel={forced ? undefined : onClose}
      footer={[
        forced ? (
          <Button key="logout" onClick={onLogout}>
            {t('layout.user.logout')}
          </Button>
        ) : (
          <Button key="cancel" onClick={onClose}>
            {t('common.action.cancel')}
          </Button>
        ),
        <Button key="submit" type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
          {t('auth.changePassword.submit')}
        </Button>,
      ]}
    >
      {forced && (
        <Alert
          className="change-password__hint"
          type="warning"
          showIcon
          title={t('auth.changePassword.forcedHint')}
        />
      )}
      <Form<ChangePasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="old_password"
          label={t('auth.field.oldPassword')}
          rules={[{ required: true, message: t('validation.oldPassword.required') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth.field.newPassword')} rules={passwordRules(t)}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          name="password2"
          label={t('auth.field.confirmPassword')}
          dependencies={['password']}
          rules={confirmRules(t)}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        {formError && <Alert type="error" showIcon title={formError} />}
        {/* Lets Enter in any field submit the form; the visible buttons live in the modal footer. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
});
