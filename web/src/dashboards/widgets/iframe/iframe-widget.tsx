// A web page in the card: framed only for an http(s) address, in the console's one frame sandbox
// (lib/frame-sandbox.ts: its scripts, forms and pop-ups run, never the top navigation; a page of the console's own
// host as an opaque origin), sending no referrer; mounted while the card is seen.
import { useTranslation } from 'react-i18next';

import { frameSandbox } from '@/lib/frame-sandbox';
import { CardMessage } from '../common/card-message';
import type { WidgetProps } from '../types';
import { isFramableUrl } from './url';
import '../common/widgets.css';

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
      sandbox={frameSandbox(new URL(url), window.location.origin)}
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
}
