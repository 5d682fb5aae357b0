// Route error boundary: a failed page chunk reloads the page once (after the lazy retry), else an error result.
// Drawn by hand rather than with antd's Result and Button: the boundary loads with every page, /login included,
// which loads no antd (Result alone brings its 403/404/500 illustrations along, ~11 KB gzip).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';

import { FullPageSpinner } from '@/components/full-page-spinner';
import { PlainButton } from '@/components/plain-button';
import { EXCLAMATION_CIRCLE_ICON, PlainIcon } from '@/components/plain-icon';
import { browser } from '@/lib/navigation';
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
      <div className="route-error" role="alert">
        <PlainIcon icon={EXCLAMATION_CIRCLE_ICON} className="route-error__icon" />
        <div className="route-error__title">{t('common.error.title')}</div>
        <div className="route-error__subtitle">
          {chunk ? t('common.error.chunk') : t('common.error.description')}
        </div>
        <div className="route-error__actions">
          <PlainButton variant="primary" onClick={() => browser.reload()}>
            {t('common.action.reload')}
          </PlainButton>
          <PlainButton onClick={() => void navigate('/', { replace: true })}>
            {t('common.error.home')}
          </PlainButton>
        </div>
      </div>
    </div>
  );
}
