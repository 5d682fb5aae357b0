// Login: account, password, graphic captcha, remember me; server field errors show next to their field.
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { applyServerError, safeRedirect } from '../../../lib/form-errors';
import { login, rememberAccount, rememberedAccount } from '../../../lib/session';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';
import { useCaptchaState } from '../hooks/use-captcha-state';

interface LoginValues {
  username: string;
  password: string;
  code?: string;
  remember: boolean;
}

const FIELDS = ['username', 'password', 'code'] as const;

export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const captcha = useCaptchaState(form);
  const loginMutation = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [initialValues] = useState<Partial<LoginValues>>(() => {
    const account = rememberedAccount();
    return { username: account, remember: account !== '' };
  });

  const onFinish = async (values: LoginValues) => {
    setFormError(null);
    const username = values.username.trim();
    try {
      const payload = await loginMutation.mutateAsync({
        username,
        password: values.password,
        code: values.code?.trim() ?? '',
        code_key: captcha.codeKey,
      });
      rememberAccount(values.remember ? username : null);
      login(payload);
      await navigate(safeRedirect(params.get('redirect')) ?? '/', { replace: true });
    } catch (error) {
      // A captcha is single-use: fetch a new one after every failed attempt.
      captcha.refresh();
      setFormError(applyServerError(form, error, FIELDS, { code_key: 'code', account: 'username' }));
    }
  };

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.toRegister')}</Link>
        </>
      }
    >
      <Form<LoginValues>
        form={form}
        name="login"
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={() => {
          if (formError) setFormError(null);
        }}
      >
        <Form.Item
          name="username"
          rules={[{ required: true, whitespace: true, message: t('validation.username.required') }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.field.username')}
            aria-label={t('auth.field.username')}
            autoComplete="username"
            autoFocus={initialValues.username === ''}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('validation.password.required') }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.field.password')}
            aria-label={t('auth.field.password')}
            autoComplete="current-password"
            autoFocus={initialValues.username !== ''}
          />
        </Form.Item>
        <CaptchaField
          captcha={captcha.captcha}
          loading={captcha.loading}
          failed={captcha.failed}
          onRefresh={captcha.refresh}
        />
        <div className="auth-form__row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('auth.login.remember')}</Checkbox>
          </Form.Item>
          <Link to="/findPass">{t('auth.login.forgot')}</Link>
        </div>
        {formError && <Alert className="auth-form__alert" type="error" showIcon title={formError} />}
        <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
