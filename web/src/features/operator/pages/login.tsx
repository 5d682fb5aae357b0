// The operators' sign-in (/operator/login; docs/api-operations.md): name, password and the graphic captcha, as a
// tenant user signs in, against /administrator/login. Operator accounts are made on the server only. An operator
// already signed in goes on to the statistics without the form (and without fetching a captcha for it).
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';

import { LanguageSwitch } from '@/components/language-switch';
import { useCaptchaState } from '@/lib/captcha/use-captcha-state';
import { isApiError } from '@/lib/http';

import { operatorLogin } from '../api/operator';
import { useOperatorSession } from '../lib/session';
import '../operator.css';

interface Values {
  username: string;
  password: string;
  code: string;
}

export default function OperatorLoginPage() {
  const session = useOperatorSession();
  if (session.token) return <Navigate to="/operator/statistics" replace />;
  return <LoginForm />;
}

function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const captcha = useCaptchaState(() => {
    form.setFieldValue('code', '');
  });
  const captchaShown = captcha.captcha?.enabled !== false;

  const submit = async (values: Values) => {
    setBusy(true);
    setError('');
    try {
      await operatorLogin({
        username: values.username.trim(),
        password: values.password,
        code: captchaShown ? values.code.trim() : '',
        code_key: captcha.codeKey,
      });
      void navigate('/operator/statistics', { replace: true });
    } catch (failure) {
      captcha.refresh();
      setError(isApiError(failure) ? failure.detail : t('operator.login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="operator-login">
      <Card className="operator-login__card" title={t('operator.login.title')} extra={<LanguageSwitch />}>
        <p className="text-secondary">{t('operator.login.hint')}</p>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('operator.login.username')}
            rules={[{ required: true, whitespace: true, message: t('operator.login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('operator.login.password')}
            rules={[{ required: true, message: t('operator.login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {captchaShown && (
            <Form.Item label={t('operator.login.captcha')} required>
              <div className="operator-login__captcha">
                <Form.Item
                  name="code"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: t('operator.login.captchaRequired') }]}
                >
                  <Input autoComplete="off" maxLength={8} aria-label={t('operator.login.captcha')} />
                </Form.Item>
                {captcha.captcha && (
                  <img
                    src={captcha.captcha.img}
                    alt={t('operator.login.captchaAlt')}
                    title={t('operator.login.captchaRefresh')}
                    onClick={captcha.refresh}
                  />
                )}
              </div>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('operator.login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
