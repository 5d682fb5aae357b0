// Graphic captcha input with its image (fixed-size box, click to refresh); hidden when the server disables it.
import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

import { captchaRules } from '../../../lib/validation';
import type { CaptchaPayload } from '../../../types/session';

interface CaptchaFieldProps {
  captcha: CaptchaPayload | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
  /** Required on submit (login). Register and find password check it only when a code is sent. */
  required?: boolean;
}

export function CaptchaField({ captcha, loading, failed, onRefresh, required = true }: CaptchaFieldProps) {
  const { t } = useTranslation();
  if (captcha?.enabled === false) return null;
  return (
    <div className="captcha-row">
      <Form.Item name="code" rules={required ? captchaRules(t) : []} className="captcha-row__field">
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={t('auth.field.captcha')}
          aria-label={t('auth.field.captcha')}
          autoComplete="off"
          maxLength={8}
        />
      </Form.Item>
      <button
        type="button"
        className="captcha-row__image"
        onClick={onRefresh}
        title={t('auth.captcha.refresh')}
        aria-label={t('auth.captcha.refresh')}
      >
        {loading && !captcha ? (
          <Spin size="small" />
        ) : failed && !captcha ? (
          <span className="captcha-row__failed">
            <ReloadOutlined /> {t('auth.captcha.failed')}
          </span>
        ) : captcha ? (
          <img src={captcha.img} width={120} height={40} alt={t('auth.captcha.alt')} />
        ) : null}
      </button>
    </div>
  );
}
