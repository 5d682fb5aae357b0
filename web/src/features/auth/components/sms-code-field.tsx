// The verification-code input with its "send code" button (register, find password, bind phone or email).
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

import { smsCodeRules } from '@/lib/validation';
import { VERIFY_CODE_LENGTH } from '@/types/limits.gen';
import { SendCodeButton } from './send-code-button';

interface SmsCodeFieldProps {
  /** Sends the code; resolves with the resend delay in seconds. */
  onSend: () => Promise<number | undefined>;
}

export function SmsCodeField({ onSend }: SmsCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="code-row">
      <Form.Item name="sms_code" rules={smsCodeRules(t)} className="code-row__field">
        <Input
          prefix={<SafetyCertificateOutlined />}
          placeholder={t('auth.field.smsCode')}
          aria-label={t('auth.field.smsCode')}
          autoComplete="one-time-code"
          maxLength={VERIFY_CODE_LENGTH}
        />
      </Form.Item>
      <SendCodeButton onSend={onSend} />
    </div>
  );
}
