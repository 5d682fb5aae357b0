// Login: account, password, graphic captcha, remember me; server field errors show next to their field. Plain
// React and CSS in antd's look (components/plain.css): the first page most visitors open loads no antd (issue 13,
// point 3), nor TanStack Query (issue 33); what signing in loads (antd, the console's frame) is fetched once the user
// starts typing. The rules are antd Form's: each field is checked as it changes and all of them on submit. A second tab
// signs in by QR code (components/qr-login-panel.tsx, loaded with antd's QRCode only when the tab opens).
import { lazy, Suspense, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { PlainButton } from '@/components/plain-button';
import { PlainIcon, type IconShape } from '@/components/plain-icon';
import { safeRedirect, serverErrorPlace } from '@/lib/form-errors';
import { loadQrTexts } from '@/lib/i18n';
import { prefetchSignIn } from '@/lib/navigation';
import { login, rememberAccount, rememberedAccount } from '@/lib/session';
import type { SessionPayload } from '@/types/session';
import { CAPTCHA_LENGTH } from '@/types/limits.gen';
import { loginRequest } from '../api/login';
import {
  CLOSE_CIRCLE_ICON,
  EYE_ICON,
  EYE_INVISIBLE_ICON,
  LOCK_ICON,
  SAFETY_ICON,
  USER_ICON,
} from '../components/auth-icons';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaImage } from '../components/captcha-image';
import { useCaptchaState } from '@/lib/captcha/use-captcha-state';

interface LoginValues {
  username: string;
  password: string;
  code: string;
  remember: boolean;
}

type Field = 'username' | 'password' | 'code';
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['username', 'password', 'code'];

type Mode = 'password' | 'qr';
const MODES: readonly Mode[] = ['password', 'qr'];

const QrLoginPanel = lazy(() =>
  Promise.all([import('../components/qr-login-panel'), loadQrTexts()]).then(([module]) => module),
);

interface InputFieldProps {
  name: Field;
  icon: IconShape;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
  maxLength?: number;
  suffix?: ReactNode;
  className?: string;
}

/** A large input with its prefix icon and the field's message below it, as antd's Form.Item and Input. */
function InputField({
  name,
  icon,
  label,
  value,
  error,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus,
  maxLength,
  suffix,
  className,
}: InputFieldProps) {
  const id = `login_${name}`;
  const help = `${id}_help`;
  const classes = ['plain-field', error ? 'plain-field--error' : '', className];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <span className="plain-input">
        <span className="plain-input__prefix">
          <PlainIcon icon={icon} />
        </span>
        <input
          id={id}
          name={name}
          type={type}
          value={value}
          placeholder={label}
          aria-label={label}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? help : undefined}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          maxLength={maxLength}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        {suffix && <span className="plain-input__suffix">{suffix}</span>}
      </span>
      {error && (
        <div id={help} className="plain-field__error">
          {error}
        </div>
      )}
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<LoginValues>(() => {
    const account = rememberedAccount();
    return { username: account, password: '', code: '', remember: account !== '' };
  });
  // Where the focus starts: the password when the account is remembered.
  const [accountKnown] = useState(() => values.username !== '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const captcha = useCaptchaState(() => {
    setValues((current) => ({ ...current, code: '' }));
  });
  const captchaShown = captcha.captcha?.enabled !== false;
  // The request in flight (no TanStack Query on this page: it loads none).
  const [submitting, setSubmitting] = useState(false);
  const [mode, setMode] = useState<Mode>('password');

  const enter = async (payload: SessionPayload) => {
    login(payload);
    await navigate(safeRedirect(params.get('redirect')) ?? '/', { replace: true });
  };

  const choose = (next: Mode) => {
    if (next === 'qr') prefetchSignIn();
    setMode(next);
  };

  const rule = (field: Field, value: string): string | undefined => {
    if (field === 'username') return value.trim() ? undefined : t('validation.username.required');
    if (field === 'password') return value ? undefined : t('validation.password.required');
    return value ? undefined : t('validation.captcha.required');
  };

  const change = (field: Field, value: string) => {
    prefetchSignIn();
    setValues((current) => ({ ...current, [field]: value }));
    // Checked as it changes, which also clears a server message on the field.
    setErrors((current) => ({ ...current, [field]: rule(field, value) }));
    setFormError(null);
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    prefetchSignIn();
    const checked: FieldErrors = {};
    for (const field of FIELDS) {
      if (field === 'code' && !captchaShown) continue;
      const message = rule(field, values[field]);
      if (message) checked[field] = message;
    }
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    setFormError(null);
    const username = values.username.trim();
    setSubmitting(true);
    try {
      const payload = await loginRequest({
        username,
        password: values.password,
        code: captchaShown ? values.code.trim() : '',
        code_key: captcha.codeKey,
      });
      rememberAccount(values.remember ? username : null);
      await enter(payload);
    } catch (error) {
      // A captcha is single-use: fetch a new one after every failed attempt.
      captcha.refresh();
      const shown = captchaShown ? FIELDS : FIELDS.filter((name) => name !== 'code');
      const { field, text } = serverErrorPlace(error, shown, { code_key: 'code', account: 'username' });
      if (field) setErrors({ [field]: text });
      else setFormError(text);
    } finally {
      setSubmitting(false);
    }
  };

  const passwordToggle = showPassword ? t('auth.field.hidePassword') : t('auth.field.showPassword');
  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={mode === 'qr' ? t('auth.login.qrSubtitle') : t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.toRegister')}</Link>
        </>
      }
    >
      <div className="auth-tabs" role="tablist" aria-label={t('auth.login.tabs')}>
        {MODES.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`login-tab-${name}`}
            aria-selected={mode === name}
            aria-controls={`login-panel-${name}`}
            className={mode === name ? 'auth-tabs__tab auth-tabs__tab--active' : 'auth-tabs__tab'}
            onClick={() => {
              choose(name);
            }}
          >
            {name === 'qr' ? t('auth.login.tabQr') : t('auth.login.tabPassword')}
          </button>
        ))}
      </div>
      {mode === 'qr' ? (
        <div id="login-panel-qr" role="tabpanel" aria-labelledby="login-tab-qr">
          <Suspense fallback={<div className="qr-login qr-login--pending" aria-busy="true" />}>
            <QrLoginPanel onSignedIn={enter} />
          </Suspense>
        </div>
      ) : (
        <form
          id="login-panel-password"
          role="tabpanel"
          aria-labelledby="login-tab-password"
          name="login"
          className="plain-form"
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <InputField
            name="username"
            icon={USER_ICON}
            label={t('auth.field.username')}
            value={values.username}
            error={errors.username}
            onChange={(value) => {
              change('username', value);
            }}
            autoComplete="username"
            autoFocus={!accountKnown}
          />
          <InputField
            name="password"
            icon={LOCK_ICON}
            type={showPassword ? 'text' : 'password'}
            label={t('auth.field.password')}
            value={values.password}
            error={errors.password}
            onChange={(value) => {
              change('password', value);
            }}
            autoComplete="current-password"
            autoFocus={accountKnown}
            suffix={
              <button
                type="button"
                className="plain-input__toggle"
                aria-label={passwordToggle}
                title={passwordToggle}
                aria-pressed={showPassword}
                onClick={() => {
                  setShowPassword((shown) => !shown);
                }}
              >
                <PlainIcon icon={showPassword ? EYE_ICON : EYE_INVISIBLE_ICON} />
              </button>
            }
          />
          {captchaShown && (
            <div className="captcha-row">
              <InputField
                name="code"
                icon={SAFETY_ICON}
                label={t('auth.field.captcha')}
                value={values.code}
                error={errors.code}
                onChange={(value) => {
                  change('code', value);
                }}
                autoComplete="off"
                maxLength={CAPTCHA_LENGTH}
                className="captcha-row__field"
              />
              <CaptchaImage
                captcha={captcha.captcha}
                loading={captcha.loading}
                failed={captcha.failed}
                onRefresh={captcha.refresh}
              />
            </div>
          )}
          <div className="auth-form__row">
            <label className="plain-checkbox">
              <span className="plain-checkbox__box">
                <input
                  type="checkbox"
                  name="remember"
                  checked={values.remember}
                  onChange={(event) => {
                    setValues((current) => ({ ...current, remember: event.target.checked }));
                    setFormError(null);
                  }}
                />
              </span>
              <span className="plain-checkbox__label">{t('auth.login.remember')}</span>
            </label>
            <Link to="/findPass">{t('auth.login.forgot')}</Link>
          </div>
          {formError && (
            <div className="plain-alert auth-form__alert" role="alert">
              <PlainIcon icon={CLOSE_CIRCLE_ICON} className="plain-alert__icon" />
              <div className="plain-alert__message">{formError}</div>
            </div>
          )}
          <PlainButton variant="primary" htmlType="submit" large block loading={submitting}>
            {t('auth.login.submit')}
          </PlainButton>
        </form>
      )}
    </AuthLayout>
  );
}
