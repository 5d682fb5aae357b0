// Route error boundary: a failed page chunk reloads the page once (after the lazy retry), else an error result.
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';

import { FullPageSpinner } from '../components/full-page-spinner';
import { browser } from '../lib/navigation';
import { chunkFailureAction, isChunkLoadError } from './guard';
import { CHUNK_RELOAD_KEY } from './route-objects';

export function RouteError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const href = window.location.href;
  const shouldReload =
    chunk && chunkFailureAction(1, window.sessionStorage.getItem(CHUNK_RELOAD_KEY) === href) === 'reload';

  useEffect(() => {
    if (!shouldReload) {
      if (!chunk) console.error('[route] render error', error);
      return;
    }
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, href);
    browser.reload();
  }, [shouldReload, chunk, error, href]);

  if (shouldReload) return <FullPageSpinner />;
  return (
    <div className="exception-page">
      <Result
        status="warning"
        title={t('common.error.title')}
        subTitle={chunk ? t('common.error.chunk') : t('common.error.description')}
        extra={[
          <Button key="reload" type="primary" onClick={() => browser.reload()}>
            {t('common.action.reload')}
          </Button>,
          <Button key="home" onClick={() => void navigate('/', { replace: true })}>
            {t('common.error.home')}
          </Button>,
        ]}
      />
    </div>
  );
}
