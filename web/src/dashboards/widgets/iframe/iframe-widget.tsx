// A web page in the card: framed only for an http(s) address, in a sandbox that lets its scripts run on its own
// origin and nothing more (no top navigation, pop-ups or forms), sending no referrer; mounted while the card is seen.
import { useTranslation } from 'react-i18next';

import { CardMessage } from '../common/card-message';
import type { WidgetProps } from '../types';
import { isFramableUrl } from './url';
import '../common/widgets.css';

export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin';

export default function IframeWidget({ card, settings, visible }: WidgetProps<'iframe'>) {
  const { t } = useTranslation();
  const url = settings.url.trim();
  if (!url) return <CardMessage kind="info" title={t('dashboards.widgets.iframe.empty')} />;
  if (!isFramableUrl(url))
    return (
      <CardMessage
        kind="missing"
        title={t('dashboards.widgets.iframe.invalid')}
        hint={t('dashboards.widgets.iframe.invalidHint')}
      />
    );
  if (!visible) return null;
  return (
    <iframe
      className="dbw-iframe"
      src={url}
      title={card.title || t('dashboards.widgets.iframe.name')}
      sandbox={IFRAME_SANDBOX}
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
}
