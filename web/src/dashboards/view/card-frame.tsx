// A card of a dashboard: its title bar (when shown) with the full-screen button, and its widget from the registry
// behind an error boundary and a loading state. The widget is told it is visible only while the card is on screen
// (IntersectionObserver), the tab is shown, and its parent (a toggle's dashboard, a container's tab) is visible: it
// asks the server and follows live values only then. Full screen shows the card alone over the page (Escape closes),
// the card on the canvas resting meanwhile.
import { CloseOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

import { ChartSurfaceContext, type ChartSurface } from '@/components/charts/report/surface';
import { useScreenVisible } from '@/lib/use-screen-visible';
import { CardMessage } from '../widgets/common/card-message';
import { useModuleReady } from '../widgets/preloadable';
import { widgetOf } from '../widgets/registry';
import type { FilledCard, Linkage, WidgetMode, WidgetTheme } from '../widgets/types';
import { CardBoundary } from './card-boundary';
import { useMountTurn } from './mount-turns';
import { cardClasses, themeStyle, type DashboardTheme } from './themes';

/** What every card of a dashboard shares. */
export interface CardScope {
  dashboardId: number;
  mode: WidgetMode;
  linkage: Linkage;
  theme: DashboardTheme;
  widgetTheme: WidgetTheme;
}

/** How much larger than designed an indicator's figure may grow to fill a large card. */
const FIGURE_GROWTH = 4;

/** A card waiting for its module or its turn: three bars in CSS alone (30 of antd's Skeleton were a tenth of the
 * dashboard's first render; B6). */
function CardLoading() {
  const { t } = useTranslation();
  return (
    <div
      className="dbv-card__loading"
      role="status"
      aria-busy="true"
      aria-label={t('dashboards.widgets.data.loading')}
    >
      <span />
      <span />
      <span />
    </div>
  );
}

const loading = <CardLoading />;

/** A card's widget alone: lazily loaded, behind its own error boundary, its charts drawn on the card (the card's
 * background, the dashboard theme's text). */
export function WidgetBody({
  card,
  visible,
  scope,
}: {
  card: FilledCard;
  visible: boolean;
  scope: CardScope;
}) {
  const { t } = useTranslation();
  const definition = widgetOf(card.type);
  // The module itself once it is in (the view preloads a document's types): no suspending, so no card waits for
  // React to reveal it after its module came.
  const loaded = useModuleReady(definition.component);
  // Its turn among the dashboard's cards (mount-turns.ts): drawn in a task of its own.
  const turn = useMountTurn();
  const ready = loaded && turn;
  const Widget = definition.component.resolved ?? definition.component;
  const { theme } = scope;
  const surface = useMemo<ChartSurface>(
    () => ({ tone: theme.tone, text: theme.text, textSecondary: theme.textSecondary, grow: FIGURE_GROWTH }),
    [theme],
  );
  return (
    <ChartSurfaceContext.Provider value={surface}>
      <CardBoundary
        resetKey={card.settings}
        fallback={(error, retry) => (
          <CardMessage
            kind="error"
            title={t('dashboards.card.failed', { name: t(definition.i18nKey) })}
            hint={error.message}
            action={
              <Button size="small" onClick={retry}>
                {t('dashboards.card.retry')}
              </Button>
            }
          />
        )}
      >
        <Suspense fallback={loading}>
          {ready ? (
            <Widget
              card={card}
              settings={card.settings}
              mode={scope.mode}
              visible={visible}
              linkage={scope.linkage}
              theme={scope.widgetTheme}
              dashboardId={scope.dashboardId}
            />
          ) : (
            loading
          )}
        </Suspense>
      </CardBoundary>
    </ChartSurfaceContext.Provider>
  );
}

export interface CardFrameProps {
  card: FilledCard;
  scope: CardScope;
  /** The parent is shown (false: a hidden tab, another dashboard of a toggle). */
  visible: boolean;
  style?: CSSProperties;
  className?: string;
  /** The editor's buttons for the card (duplicate, delete), in the title bar or over the card. */
  actions?: ReactNode;
}

export function CardFrame({ card, scope, visible, style, className, actions }: CardFrameProps) {
  const { t } = useTranslation();
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const seen = useScreenVisible(node);
  const [full, setFull] = useState(false);
  const title = card.title || t(widgetOf(card.type).i18nKey);
  const canFull = scope.mode === 'view';
  const fullButton = canFull && (
    <button
      type="button"
      className="dbv-card__button"
      aria-label={t('dashboards.card.fullscreen', { title })}
      title={t('dashboards.card.fullscreenShort')}
      onClick={() => {
        setFull(true);
      }}
    >
      <FullscreenOutlined />
    </button>
  );
  const classes = className ? `${cardClasses(scope.theme)} ${className}` : cardClasses(scope.theme);
  return (
    <div ref={setNode} className={classes} style={style} data-card-id={card.id} data-card-type={card.type}>
      {card.show_title ? (
        <div className="dbv-card__title">
          <span className="dbv-card__title-text">{title}</span>
          {actions}
          {fullButton}
        </div>
      ) : (
        (actions ?? fullButton) && (
          <div className="dbv-card__float">
            {actions}
            {fullButton}
          </div>
        )
      )}
      <div className="dbv-card__body" aria-label={card.show_title ? undefined : title} role="group">
        <WidgetBody card={card} visible={visible && seen && !full} scope={scope} />
      </div>
      {full && (
        <FullCard
          card={card}
          title={title}
          scope={scope}
          onClose={() => {
            setFull(false);
          }}
        />
      )}
    </div>
  );
}

function FullCard({
  card,
  title,
  scope,
  onClose,
}: {
  card: FilledCard;
  title: string;
  scope: CardScope;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  // Over the page, or over the dashboard while it is itself full screen (only that element is shown then).
  const host = document.fullscreenElement ?? document.body;
  return createPortal(
    <div
      className={`dbv-full dbv-full--${scope.theme.tone}`}
      style={themeStyle(scope.theme)}
      role="dialog"
      aria-modal="true"
      aria-label={title}
    >
      <div className={`${cardClasses(scope.theme)} dbv-full__card`}>
        <div className="dbv-card__title">
          <span className="dbv-card__title-text">{title}</span>
          <button
            type="button"
            className="dbv-card__button dbv-card__button--shown"
            aria-label={t('dashboards.card.exitFullscreen')}
            onClick={onClose}
            autoFocus
          >
            <CloseOutlined />
          </button>
        </div>
        <div className="dbv-card__body">
          <WidgetBody card={card} visible scope={scope} />
        </div>
      </div>
    </div>,
    host,
  );
}
