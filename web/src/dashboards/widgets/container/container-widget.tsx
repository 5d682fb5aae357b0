// A container card: a tab bar and the chosen tab's card drawn by the host (its own error boundary and loading state);
// only that tab's widget is mounted, so the hidden tabs ask nothing. Tabs turn every `interval_s` while the card is
// seen; a choice by hand starts the wait again.
import { useTranslation } from 'react-i18next';

import { CardMessage } from '../common/card-message';
import { useRotation } from '../common/use-rotation';
import { useWidgetHost } from '../host';
import type { InnerCard, WidgetProps } from '../types';
import './container.css';

export default function ContainerWidget({ settings, visible }: WidgetProps<'container'>) {
  const { t } = useTranslation();
  const host = useWidgetHost();
  const tabs = settings.tabs ?? [];
  const [index, choose] = useRotation(tabs.length, settings.interval_s, visible);
  const active = tabs[index];
  if (!active) return <CardMessage kind="info" title={t('dashboards.widgets.container.empty')} />;
  return (
    <div className="dbw-tabs">
      <div className="dbw-tabs__bar" role="tablist">
        {tabs.map((tab, i) => (
          <button
            key={tab.card.id}
            type="button"
            role="tab"
            aria-selected={i === index}
            className={i === index ? 'dbw-tabs__tab dbw-tabs__tab--active' : 'dbw-tabs__tab'}
            onClick={() => {
              choose(i);
            }}
          >
            {tab.title || t(host.widgetOf(tab.card.type).i18nKey)}
          </button>
        ))}
      </div>
      <div className="dbw-tabs__panel" role="tabpanel" key={active.card.id}>
        {host.renderCard(active.card as InnerCard, visible)}
      </div>
    </div>
  );
}
