// "Send code" button with a resend countdown (60 s, or what the server asks for).
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SMS_RESEND_SECONDS } from '@/lib/constants';
import { useCountdown } from '../hooks/use-countdown';

interface SendCodeButtonProps {
  /** Sends the code; resolves with the server's resend delay in seconds, or rejects. */
  onSend: () => Promise<number | undefined>;
}

export function SendCodeButton({ onSend }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const click = async () => {
    setSending(true);
    try {
      const resendAfter = await onSend();
      start(resendAfter && resendAfter > 0 ? resendAfter : SMS_RESEND_SECONDS);
    } catch {
      // The caller shows the error.
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      size="large"
      className="send-code-button"
      disabled={left > 0}
      loading={sending}
      onClick={() => void click()}
    >
      {left > 0 ? t('auth.sendCode.countdown', { seconds: left }) : t('auth.sendCode.send')}
    </Button>
  );
}
