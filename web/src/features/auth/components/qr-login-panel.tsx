// The sign-in page's "scan QR code" tab (docs/api.md "QR sign-in"). Loaded only when the tab opens, with antd's
// QRCode and the QR texts (lib/i18n loadQrTexts): /login's first load carries neither. It makes a code bound to this
// tab's signing key, shows it as the address of the console's /qrLogin page, polls its state every QR_POLL_MS and,
// once the phone confirms, hands the session to the page. A code lives two minutes; expired or cancelled, it offers
// a new one.
import { QRCode, type QRCodeProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PlainButton } from '@/components/plain-button';
import { isApiError } from '@/lib/http';
import { useStableCallback } from '@/lib/use-stable-callback';
import type { SessionPayload } from '@/types/session';
import { createQrCode, qrCodeStatus, qrLoginUrl, type QrState } from '../api/qr-login';

export const QR_POLL_MS = 2000;
const QR_SIZE = 196;

type Phase = 'loading' | 'failed' | QrState;

const LIVE: readonly Phase[] = ['waiting', 'scanned'];

/** How antd's QRCode draws a phase (its overlay is ours: statusRender). */
function codeStatus(phase: Phase): QRCodeProps['status'] {
  if (phase === 'loading') return 'loading';
  if (phase === 'waiting') return 'active';
  if (phase === 'scanned' || phase === 'confirmed') return 'scanned';
  return 'expired';
}

export interface QrLoginPanelProps {
  /** The session the confirmed code handed out: the page signs in with it. */
  onSignedIn: (payload: SessionPayload) => void | Promise<void>;
}

export function QrLoginPanel({ onSignedIn }: QrLoginPanelProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('loading');
  const [key, setKey] = useState('');
  const [error, setError] = useState('');
  // Local time the code expires (the server's seconds from now, so a wrong local clock does not matter).
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  // Bumped to make a new code, and after each answer to poll again.
  const [attempt, setAttempt] = useState(0);
  const [poll, setPoll] = useState(0);
  const signIn = useStableCallback((payload: SessionPayload) => {
    void onSignedIn(payload);
  });

  useEffect(() => {
    let live = true;
    createQrCode().then(
      (code) => {
        if (!live) return;
        const at = Date.now();
        setKey(code.key);
        setNow(at);
        setDeadline(at + code.expires_in * 1000);
        setPhase('waiting');
      },
      (failure: unknown) => {
        if (!live) return;
        setError(isApiError(failure) ? failure.detail : t('auth.qr.failed'));
        setPhase('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, t]);

  useEffect(() => {
    if (!key || !LIVE.includes(phase)) return;
    let live = true;
    const timer = window.setTimeout(() => {
      qrCodeStatus(key).then(
        (answer) => {
          if (!live) return;
          if (answer.status === 'confirmed' && answer.session) {
            setPhase('confirmed');
            signIn(answer.session);
            return;
          }
          setPhase(answer.status === 'confirmed' ? 'expired' : answer.status);
          setPoll((n) => n + 1);
        },
        () => {
          // A lost answer (offline, a busy server): ask again at the next beat.
          if (live) setPoll((n) => n + 1);
        },
      );
    }, QR_POLL_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [key, phase, poll, signIn]);

  useEffect(() => {
    if (!LIVE.includes(phase)) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [phase]);

  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  const shown: Phase = LIVE.includes(phase) && secondsLeft === 0 ? 'expired' : phase;

  const refresh = () => {
    setPhase('loading');
    setKey('');
    setError('');
    setAttempt((n) => n + 1);
  };

  if (shown === 'failed') {
    return (
      <div className="qr-login qr-login--failed" role="alert">
        <p className="qr-login__message">{error || t('auth.qr.failed')}</p>
        <PlainButton variant="primary" onClick={refresh}>
          {t('auth.qr.retry')}
        </PlainButton>
      </div>
    );
  }

  // Before the first key arrives the code draws a placeholder payload under its loading mask.
  const url = key ? qrLoginUrl(key) : '';
  const payload = url || qrLoginUrl('');
  return (
    <div className="qr-login" data-qr-url={shown === 'waiting' ? url : undefined} data-phase={shown}>
      <div className="qr-login__code" role="img" aria-label={t('auth.qr.code')}>
        <QRCode
          value={payload}
          type="svg"
          size={QR_SIZE}
          status={codeStatus(shown)}
          bordered
          statusRender={() =>
            shown === 'expired' || shown === 'cancelled' ? (
              <div className="qr-login__overlay">
                <PlainButton variant="primary" onClick={refresh}>
                  {t('auth.qr.refresh')}
                </PlainButton>
              </div>
            ) : (
              <div className="qr-login__overlay">{t(`auth.qr.${shown}`)}</div>
            )
          }
        />
      </div>
      <p className="qr-login__message" role="status" aria-live="polite">
        {t(`auth.qr.${shown}`)}
        {shown === 'waiting' && (
          <span className="qr-login__left"> · {t('auth.qr.expiresIn', { seconds: secondsLeft })}</span>
        )}
      </p>
      <p className="qr-login__hint">{t('auth.qr.hint')}</p>
    </div>
  );
}

export default QrLoginPanel;
