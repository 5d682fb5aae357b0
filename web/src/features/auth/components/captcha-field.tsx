// Graphic captcha input (antd's, for register and find password) with its image (fixed-size box, click to
// refresh); hidden when the server disables it. The sign-in page draws its own field around the same image.
import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

import { captchaRules } from '@/lib/validation';
import { CAPTCHA_LENGTH } from '@/types/limits.gen';
import type { CaptchaPayload } from '@/types/session';
import { CaptchaImage } from './captcha-image';

interface CaptchaFieldProps {
  captcha: CaptchaPayload | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
  /** Required on submit. Register and find password check it only when a code is sent (`required={false}`). */
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
          maxLength={CAPTCHA_LENGTH}
        />
      </Form.Item>
      <CaptchaImage captcha={captcha} loading={loading} failed={failed} onRefresh={onRefresh} />
    </div>
  );
}
