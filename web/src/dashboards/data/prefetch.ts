// Asking ahead for a dashboard's cards (B6): as the document arrives — by the route as the navigation begins
// (features/dashboard/lib/view-prefetch.ts), or by the view when it is handed one — the modules of its card types are
// loaded and each card's first reads are started (WidgetDefinition.prefetch) through the source's `reads`, keyed as
// the cards' own queries are. The cards, drawn once their modules are in, find the answers in flight or in the
// cache, instead of asking after their first render: a 30-card dashboard's reports and screens asked their data
// 0.8 s after the document was in, behind the loading of their modules.
import { cardTypes, normalizeDocument } from '../model/document';
import { preloadAll } from '../widgets/preloadable';
import { widgetOf } from '../widgets/registry';
import type { CardReads, FilledCard, WidgetDefinition } from '../widgets/types';

/** Loads the modules of `cards`' types and starts the first reads of each card (and of a container's first tab, the
 * one it shows) that `reads` can ask ahead, and of the dashboard a toggle shows; without `reads` (a source that asks
 * nothing ahead), the modules only. A `nested` dashboard's (a toggle's) toggles are not drawn (toggles do not nest):
 * nothing of them is asked. */
export function prefetchCards(
  all: readonly FilledCard[],
  reads: CardReads | undefined,
  dashboardId: number,
  nested = false,
): void {
  const cards = nested ? all.filter((card) => widgetOf(card.type).shows === undefined) : all;
  preloadAll(cardTypes(cards).map((type) => widgetOf(type).component));
  if (!reads) return;
  for (const card of cards) {
    prefetchCard(card, reads, dashboardId);
    const first = card.type === 'container' ? card.settings.tabs?.[0] : undefined;
    if (first) prefetchCard(first.card as FilledCard, reads, dashboardId);
  }
}

function prefetchCard(card: FilledCard, reads: CardReads, dashboardId: number): void {
  const definition: WidgetDefinition = widgetOf(card.type);
  definition.prefetch?.(card, reads);
  // A toggle's dashboard: its cards next, toggles left out (they do not nest).
  const shown = definition.shows?.(card, dashboardId) ?? null;
  if (shown !== null)
    void reads.dashboard(shown).then((dashboard) => {
      if (dashboard) prefetchCards(normalizeDocument(dashboard.document).cards, reads, dashboard.id, true);
    });
}
