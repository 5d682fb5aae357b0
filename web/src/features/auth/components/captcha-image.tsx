// The captcha's image in a fixed-size box that fetches a new one on click, without antd: the sign-in page's own
// field and CaptchaField (register, find password) share it.
import { useTranslation } from 'react-i18next';

import { PlainIcon } from '@/components/plain-icon';
import { RELOAD_ICON } from './auth-icons';
import { PlainSpinner } from '@/components/plain-spinner';
import type { CaptchaPayload } from '@/types/session';

interface CaptchaImageProps {
  captcha: CaptchaPayload | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

export function CaptchaImage({ captcha, loading, failed, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-row__image"
      onClick={onRefresh}
      title={t('auth.captcha.refresh')}
      aria-label={t('auth.captcha.refresh')}
    >
      {loading && !captcha ? (
        <PlainSpinner size="small" />
      ) : failed && !captcha ? (
        <span className="captcha-row__failed">
          <PlainIcon icon={RELOAD_ICON} /> {t('auth.captcha.failed')}
        </span>
      ) : captcha ? (
        <img src={captcha.img} width={120} height={40} alt={t('auth.captcha.alt')} />
      ) : null}
    </button>
  );
}
