// Find password: verify the account with a code, then set a new password and go back to login.
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { accountRules, confirmRules, passwordRules } from '@/lib/validation';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';
import { SmsCodeField } from '../components/sms-code-field';
import { useCaptchaState } from '@/lib/captcha/use-captcha-state';
import { useSendCodeAction } from '../hooks/use-send-code-action';
import { PASSWORD_MAX } from '@/types/limits.gen';

interface FindPassValues {
  account: string;
  code?: string;
  sms_code: string;
  password: string;
  password2: string;
}

const FIELDS = ['account', 'code', 'sms_code', 'password', 'password2'] as const;

export default function FindPassPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FindPassValues>();
  const navigate = useNavigate();
  const captcha = useCaptchaState(() => {
    form.setFieldValue('code', '');
  });
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);

  const onSendCode = useSendCodeAction({
    form,
    captcha,
    scene: 'reset',
    fields: FIELDS,
    onError: setFormError,
    t,
  });

  const onFinish = async (values: FindPassValues) => {
    setFormError(null);
    try {
      await reset.mutateAsync({
        account: values.account.trim(),
        sms_code: values.sms_code.trim(),
        password: values.password,
        password2: values.password2,
      });
      toast.success(t('auth.findPass.success'));
      await navigate('/login', { replace: true });
    } catch (error) {
      setFormError(applyServerError(form, error, FIELDS));
    }
  };

  return (
    <AuthLayout
      title={t('auth.findPass.title')}
      subtitle={t('auth.findPass.subtitle')}
      footer={<Link to="/login">{t('auth.findPass.backToLogin')}</Link>}
    >
      <Form<FindPassValues>
        form={form}
        name="find-pass"
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="account" rules={accountRules(t)}>
          <Input
            prefix={<MailOutlined />}
            placeholder={t('auth.field.account')}
            aria-label={t('auth.field.account')}
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <CaptchaField
          captcha={captcha.captcha}
          loading={captcha.loading}
          failed={captcha.failed}
          onRefresh={captcha.refresh}
          required={false}
        />
        <SmsCodeField onSend={onSendCode} />
        <Form.Item name="password" rules={passwordRules(t)}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.field.newPassword')}
            aria-label={t('auth.field.newPassword')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
          />
        </Form.Item>
        <Form.Item name="password2" dependencies={['password']} rules={confirmRules(t)}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.field.confirmPassword')}
            aria-label={t('auth.field.confirmPassword')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
          />
        </Form.Item>
        {formError && <Alert className="auth-form__alert" type="error" showIcon title={formError} />}
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('auth.findPass.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
