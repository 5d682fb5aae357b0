// Account cancellation (administrators): explains what must be cleared first, asks for the password, signs out.
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { logout } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCancelAccount } from '../api/cancel-account';
import { perOpening } from '@/components/per-opening';

interface Values {
  password: string;
}

export const CancelAccountModal = perOpening(function CancelAccountModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useCancelAccount();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync(values.password);
    } catch (error) {
      setFormError(applyServerError(form, error, ['password']));
      return;
    }
    logout();
    queryClient.clear();
    toast.success(t('team.cancel.success'));
    await navigate('/login', { replace: true });
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('team.cancel.title')}
      form={form}
      name="team-cancel-account"
      loading={mutation.isPending}
      error={formError}
      onErrorChange={setFormError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('team.cancel.submit')}
      okButtonProps={{ danger: true }}
      intro={
        <>
          <Alert
            className="team-cancel__warning"
            type="warning"
            showIcon
            title={t('team.cancel.warning')}
            description={
              <ul className="team-cancel__list">
                <li>{t('team.cancel.clearUsers')}</li>
                <li>{t('team.cancel.clearVirtualDevices')}</li>
                <li>{t('team.cancel.clearTemplates')}</li>
                <li>{t('team.cancel.clearDevices')}</li>
              </ul>
            }
          />
          <Typography.Paragraph type="secondary">{t('team.cancel.irreversible')}</Typography.Paragraph>
        </>
      }
    >
      <Form.Item
        name="password"
        label={t('team.cancel.password')}
        rules={[{ required: true, message: t('validation.password.required') }]}
      >
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
    </FormModal>
  );
});
