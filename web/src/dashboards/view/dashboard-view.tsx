// A dashboard presented (DESIGN §9): on a desktop, its fixed width × height canvas scaled to fit its box with one CSS
// transform (letterboxed, centred, crisp), the cards placed by the desktop layout on the 24-column grid (model/grid.ts:
// a row is 1/36 of the canvas height); on a phone (`phone`, or a box narrower than 768 px), the phone layout's two
// columns, stacked and scrolled, unscaled, with finger-sized buttons. Every card gets the dashboard theme, the
// linkage and its own visibility; the container's tabs and the toggle's dashboards are drawn through the widget
// host this view provides.
import { useQueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { useMemo, useState } from 'react';

import {
  cellRect,
  desktopGrid,
  normalizeDocument,
  PHONE_GAP,
  PHONE_ROW_HEIGHT,
  readingOrder,
} from '../model';
import { WidgetHostContext } from '../widgets/host';
import { useDashboardSource } from '../data/source';
import { prefetchCards } from '../data/prefetch';
import { widgetOf } from '../widgets/registry';
import type { DashboardDocument, Linkage, WidgetHost, WidgetMode } from '../widgets/types';
import { CardFrame, WidgetBody, type CardScope } from './card-frame';
import { canvasTransform, fitCanvas } from './scale';
import { dashboardTheme, themeStyle, widgetTheme } from './themes';
import { useBoxSize } from './use-box-size';
import './dashboard-view.css';

/** Below this box width a dashboard shows its phone layout. */
export const PHONE_BREAKPOINT = 768;

/** What the view needs of a dashboard (DashboardOut has it; the editor's preview builds it from its draft). */
export interface ViewDashboard {
  id: number;
  name?: string;
  width: number;
  height: number;
  theme: string;
  chart_theme: string;
  document: DashboardDocument;
}

export interface DashboardViewProps {
  dashboard: ViewDashboard;
  mode?: WidgetMode;
  linkage: Linkage;
  /** The phone layout (true), the canvas (false), or by the box's width (left out; a nested view: the canvas). */
  phone?: boolean;
  /** The view is shown (false: behind another dashboard of a toggle); its cards then rest. */
  visible?: boolean;
  /** Drawn inside a toggle's card: its own toggles are not drawn. */
  nested?: boolean;
}

/** The widget host of a dashboard's cards (widgets/types.ts WidgetHost): a container's tab is its card's widget
 * with the dashboard's scope; a toggle's dashboard is another view, nested (its toggles are not drawn). The editor
 * provides the same to the cards on its grid. */
export function useDashboardHost(scope: CardScope, nested: boolean, phone: boolean): WidgetHost {
  return useMemo<WidgetHost>(
    () => ({
      widgetOf,
      renderCard: (card, shown) => <WidgetBody card={card} visible={shown} scope={scope} />,
      renderDashboard: nested
        ? null
        : (inner, shown) => (
            <DashboardView
              dashboard={inner}
              mode={scope.mode}
              linkage={scope.linkage}
              visible={shown}
              nested
              {...(phone ? { phone: true } : {})}
            />
          ),
    }),
    [scope, nested, phone],
  );
}

export function DashboardView({
  dashboard,
  mode = 'view',
  linkage,
  phone,
  visible = true,
  nested = false,
}: DashboardViewProps) {
  const source = useDashboardSource();
  const client = useQueryClient();
  const model = useMemo(() => {
    const read = normalizeDocument(dashboard.document);
    // Every module the cards need and their first reads, asked for at once as the document arrives, before the
    // first card renders.
    prefetchCards(read.cards, source.reads?.(client), dashboard.id, nested);
    return read;
  }, [dashboard.document, dashboard.id, source, client, nested]);
  const theme = dashboardTheme(dashboard.theme);
  const scope = useMemo<CardScope>(
    () => ({
      dashboardId: dashboard.id,
      mode,
      linkage,
      theme,
      widgetTheme: widgetTheme(theme, dashboard.chart_theme),
    }),
    [dashboard.id, dashboard.chart_theme, mode, linkage, theme],
  );
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const size = useBoxSize(box);
  // A nested dashboard (a toggle's) is its canvas in a card, however narrow, unless its parent is a phone's.
  const isPhone = phone ?? (!nested && size !== null && size.width > 0 && size.width < PHONE_BREAKPOINT);

  const host = useDashboardHost(scope, nested, isPhone);

  const byId = useMemo(() => new Map(model.cards.map((card) => [card.id, card])), [model.cards]);
  const dark = theme.tone === 'dark';
  let content = null;
  if (size !== null && isPhone) {
    const order = [...model.mobile].sort((a, b) => a.y - b.y || a.x - b.x);
    content = (
      <div
        className="dbv-phone"
        style={{ gridAutoRows: `${PHONE_ROW_HEIGHT}px`, gap: PHONE_GAP, padding: PHONE_GAP }}
      >
        {order.map((item) => {
          const card = byId.get(item.i);
          return (
            card && (
              <CardFrame
                key={card.id}
                card={card}
                scope={scope}
                visible={visible}
                style={{
                  gridColumn: `${item.x + 1} / span ${item.w}`,
                  gridRow: `${item.y + 1} / span ${item.h}`,
                }}
              />
            )
          );
        })}
      </div>
    );
  } else if (size !== null) {
    const grid = desktopGrid(dashboard.width, dashboard.height);
    const fit = fitCanvas(dashboard, size);
    content = (
      <div
        className="dbv-canvas"
        style={{ width: dashboard.width, height: dashboard.height, transform: canvasTransform(fit) }}
        data-scale={fit.scale.toFixed(4)}
      >
        {readingOrder(model.desktop).map((item) => {
          const card = byId.get(item.i);
          return (
            card && (
              <CardFrame
                key={card.id}
                card={card}
                scope={scope}
                visible={visible}
                style={cellRect(item, grid)}
              />
            )
          );
        })}
      </div>
    );
  }

  return (
    <ConfigProvider
      theme={{
        algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: theme.accent },
        // One set of CSS variables per theme, whatever the number of views (a toggle's dashboards are views too).
        cssVar: { key: `dbv-${theme.name}` },
      }}
    >
      <WidgetHostContext.Provider value={host}>
        <div
          ref={setBox}
          className={`dbv-stage dbv-stage--${theme.tone}${isPhone ? ' dbv-stage--phone' : ''}`}
          style={themeStyle(theme)}
          role="region"
          aria-label={dashboard.name}
          data-theme={theme.name}
        >
          {content}
        </div>
      </WidgetHostContext.Provider>
    </ConfigProvider>
  );
}
