// Registration: user name, phone or email with a verification code, password, optional company, privacy consent.
import { LockOutlined, MailOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { applyServerError } from '@/lib/form-errors';
import { login } from '@/lib/session';
import { toast } from '@/lib/toast';
import { accountRules, companyRules, confirmRules, passwordRules, userNameRules } from '@/lib/validation';
import { useRegister } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';
import { SmsCodeField } from '../components/sms-code-field';
import { useCaptchaState } from '@/lib/captcha/use-captcha-state';
import { useSendCodeAction } from '../hooks/use-send-code-action';
import { COMPANY_MAX, PASSWORD_MAX, USER_NAME_MAX } from '@/types/limits.gen';

interface RegisterValues {
  user_name: string;
  account: string;
  code?: string;
  sms_code: string;
  password: string;
  password2: string;
  company?: string;
  agree: boolean;
}

const FIELDS = [
  'user_name',
  'account',
  'code',
  'sms_code',
  'password',
  'password2',
  'company',
  'agree',
] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const captcha = useCaptchaState(() => {
    form.setFieldValue('code', '');
  });
  const registerMutation = useRegister();
  const [formError, setFormError] = useState<string | null>(null);

  const onSendCode = useSendCodeAction({
    form,
    captcha,
    scene: 'register',
    fields: FIELDS,
    onError: setFormError,
    t,
  });

  const onFinish = async (values: RegisterValues) => {
    setFormError(null);
    try {
      const payload = await registerMutation.mutateAsync({
        user_name: values.user_name.trim(),
        account: values.account.trim(),
        sms_code: values.sms_code.trim(),
        password: values.password,
        password2: values.password2,
        agree: values.agree,
        ...(values.company?.trim() ? { company: values.company.trim() } : {}),
      });
      login(payload);
      toast.success(t('auth.register.success'));
      await navigate('/', { replace: true });
    } catch (error) {
      setFormError(applyServerError(form, error, FIELDS));
    }
  };

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.hasAccount')} <Link to="/login">{t('auth.register.toLogin')}</Link>
        </>
      }
    >
      <Form<RegisterValues>
        form={form}
        name="register"
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ agree: false }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="user_name" rules={userNameRules(t)}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.field.userName')}
            aria-label={t('auth.field.userName')}
            autoComplete="username"
            maxLength={USER_NAME_MAX}
            autoFocus
          />
        </Form.Item>
        <Form.Item name="account" rules={accountRules(t)}>
          <Input
            prefix={<MailOutlined />}
            placeholder={t('auth.field.account')}
            aria-label={t('auth.field.account')}
            autoComplete="email"
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
        <Form.Item name="company" rules={companyRules(t)}>
          <Input
            prefix={<ShopOutlined />}
            placeholder={t('auth.field.company')}
            aria-label={t('auth.field.company')}
            autoComplete="organization"
            maxLength={COMPANY_MAX}
          />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_rule, value: unknown) =>
                value ? Promise.resolve() : Promise.reject(new Error(t('validation.agree.required'))),
            },
          ]}
        >
          <Checkbox>
            {t('auth.register.agreePrefix')}{' '}
            <Link to="/privacy" target="_blank" rel="noopener">
              {t('auth.register.privacyLink')}
            </Link>
          </Checkbox>
        </Form.Item>
        {formError && <Alert className="auth-form__alert" type="error" showIcon title={formError} />}
        <Button type="primary" htmlType="submit" block loading={registerMutation.isPending}>
          {t('auth.register.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
