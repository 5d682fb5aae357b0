// "Bind phone or email" (header user menu): what the account has now (masked, GET /user/phoneTel), the account to
// bind, a code sent to it, then bind.
import { MailOutlined } from '@ant-design/icons';
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { accountRules } from '@/lib/validation';
import { useBindAccount } from '../api/bind-account';
import { useContact } from '../api/get-contact';
import { useSendBindCode } from '../api/send-bind-code';
import { SmsCodeField } from './sms-code-field';
import { perOpening } from '@/components/per-opening';

interface Values {
  account: string;
  sms_code: string;
}

const FIELDS = ['account', 'sms_code'] as const;

export const BindAccountModal = perOpening(function BindAccountModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const sendCode = useSendBindCode();
  const bind = useBindAccount();
  const contact = useContact();
  const [formError, setFormError] = useState<string | null>(null);

  const onSend = async (): Promise<number | undefined> => {
    setFormError(null);
    await form.validateFields(['account']);
    try {
      const answer = await sendCode.mutateAsync((form.getFieldValue('account') as string).trim());
      toast.success(t('auth.sendCode.sent'));
      return answer.resend_after;
    } catch (error) {
      setFormError(applyServerError(form, error, FIELDS));
      throw error;
    }
  };

  const onFinish = async (values: Values) => {
    setFormError(null);
    try {
      // The answer is the session config payload; the session keeps no phone or email, so nothing to update.
      await bind.mutateAsync({ account: values.account.trim(), sms_code: values.sms_code.trim() });
    } catch (error) {
      setFormError(applyServerError(form, error, FIELDS));
      return;
    }
    toast.success(t('auth.bind.success'));
    onClose();
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('auth.bind.title')}
      form={form}
      name="auth-bind-account"
      loading={bind.isPending}
      error={formError}
      onErrorChange={setFormError}
      onClose={onClose}
      onFinish={onFinish}
      okText={t('auth.bind.submit')}
      intro={
        <>
          {contact.data && (
            <Typography.Paragraph className="bind-account__current">
              {t('auth.bind.current', {
                phone: contact.data.phone ?? t('auth.bind.none'),
                email: contact.data.email ?? t('auth.bind.none'),
              })}
            </Typography.Paragraph>
          )}
          <Typography.Paragraph type="secondary">{t('auth.bind.hint')}</Typography.Paragraph>
        </>
      }
      formProps={{ size: 'large', requiredMark: false }}
    >
      <Form.Item name="account" rules={accountRules(t)}>
        <Input
          prefix={<MailOutlined />}
          placeholder={t('auth.field.account')}
          aria-label={t('auth.field.account')}
          autoComplete="email"
          autoFocus
        />
      </Form.Item>
      <SmsCodeField onSend={onSend} />
    </FormModal>
  );
});
