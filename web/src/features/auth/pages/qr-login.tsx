// /qrLogin?key=…: the address a QR sign-in code holds (docs/api.md "QR sign-in"). The user signed in here (a phone)
// is asked whether to sign the other browser in as themselves, with that browser's address, kind and time; Confirm
// or Cancel. The route needs a token: signed out, the guard sends the visitor to sign in and back here.
import { Alert, Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { orEmpty } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import { useSession } from '@/lib/session';
import { confirmQrCode, scanQrCode, type QrScan } from '../api/qr-login';
import { AuthLayout } from '../components/auth-layout';
import { describeUserAgent } from '../lib/user-agent';
import { zoned } from '@/lib/timezone';

/** The server's code for a QR code unknown, expired, used or another user's. */
export const QR_CODE_EXPIRED = '110334';

type View =
  | { kind: 'reading' }
  | { kind: 'ready'; request: QrScan }
  | { kind: 'accepted' }
  | { kind: 'refused' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

export default function QrLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = (params.get('key') ?? '').trim();
  const name = useSession((s) => s.name);
  const [view, setView] = useState<View>({ kind: 'reading' });
  const [attempt, setAttempt] = useState(0);
  const [answering, setAnswering] = useState<'accept' | 'refuse' | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);

  const failure = (error: unknown): View =>
    isApiError(error) && error.code === QR_CODE_EXPIRED
      ? { kind: 'invalid' }
      : { kind: 'failed', message: isApiError(error) ? error.detail : t('auth.qr.confirm.failed') };

  useEffect(() => {
    if (!key) return;
    let live = true;
    scanQrCode(key).then(
      (request) => {
        if (live) setView({ kind: 'ready', request });
      },
      (error: unknown) => {
        if (live) setView(failure(error));
      },
    );
    return () => {
      live = false;
    };
    // `failure` reads only the translator; a new attempt scans again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const answer = async (accept: boolean) => {
    setAnswering(accept ? 'accept' : 'refuse');
    setAnswerError(null);
    try {
      await confirmQrCode(key, accept);
      setView({ kind: accept ? 'accepted' : 'refused' });
    } catch (error) {
      const next = failure(error);
      if (next.kind === 'invalid') setView(next);
      else setAnswerError(next.kind === 'failed' ? next.message : null);
    } finally {
      setAnswering(null);
    }
  };

  const home = (
    <Button
      key="home"
      onClick={() => {
        void navigate('/', { replace: true });
      }}
    >
      {t('auth.qr.confirm.home')}
    </Button>
  );

  const body = (() => {
    if (!key) return <Result status="warning" title={t('auth.qr.confirm.noKey')} extra={home} />;
    switch (view.kind) {
      case 'reading':
        return (
          <div className="qr-login">
            <Spin />
            <p className="qr-login__message">{t('auth.qr.confirm.loading')}</p>
          </div>
        );
      case 'invalid':
        return <Result status="warning" title={t('auth.qr.confirm.invalid')} extra={home} />;
      case 'accepted':
        return <Result status="success" title={t('auth.qr.confirm.accepted')} extra={home} />;
      case 'refused':
        return <Result status="info" title={t('auth.qr.confirm.refused')} extra={home} />;
      case 'failed':
        return (
          <Result
            status="error"
            title={t('auth.qr.confirm.failed')}
            subTitle={view.message}
            extra={[
              <Button
                key="retry"
                type="primary"
                onClick={() => {
                  setView({ kind: 'reading' });
                  setAttempt((n) => n + 1);
                }}
              >
                {t('auth.qr.confirm.retry')}
              </Button>,
              home,
            ]}
          />
        );
      case 'ready': {
        const { request } = view;
        return (
          <div className="qr-confirm">
            <p className="qr-confirm__question">
              {t('auth.qr.confirm.question', { name: request.user_name || name })}
            </p>
            <dl className="qr-confirm__facts">
              <dt>{t('auth.qr.confirm.browser')}</dt>
              <dd title={request.user_agent}>{orEmpty(describeUserAgent(request.user_agent))}</dd>
              <dt>{t('auth.qr.confirm.address')}</dt>
              <dd>{orEmpty(request.client_ip)}</dd>
              <dt>{t('auth.qr.confirm.time')}</dt>
              <dd>{zoned(request.created_at).format('YYYY-MM-DD HH:mm:ss')}</dd>
            </dl>
            <Alert type="warning" showIcon title={t('auth.qr.confirm.warning')} />
            {answerError && <Alert className="qr-confirm__error" type="error" showIcon title={answerError} />}
            <div className="qr-confirm__actions">
              <Button
                type="primary"
                size="large"
                block
                loading={answering === 'accept'}
                disabled={answering !== null}
                onClick={() => void answer(true)}
              >
                {t('auth.qr.confirm.accept')}
              </Button>
              <Button
                size="large"
                block
                loading={answering === 'refuse'}
                disabled={answering !== null}
                onClick={() => void answer(false)}
              >
                {t('auth.qr.confirm.cancel')}
              </Button>
            </div>
          </div>
        );
      }
    }
  })();

  return <AuthLayout title={t('auth.qr.confirm.title')}>{body}</AuthLayout>;
}
