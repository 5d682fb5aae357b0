// The server's DashboardDocument read into the editor's and the presentation's model, and written back (toWire).
// Reading fills what the server may leave out (a card's settings take its type's defaults, a title, the link), gives
// every card a desktop place (a card without one goes to the first free spot) and derives the phone layout from the
// desktop one when the document has none.
import { widgetOf } from '../widgets/registry';
import type { Card, DashboardDocument, FilledCard, InnerCard } from '../widgets/types';
import { GRID_COLUMNS, PHONE_COLUMNS } from './grid';
import { appendMissingPhone, clampItem, firstFreeSpot, stackPhone } from './layout';
import type { DashboardModel, LayoutItem } from './types';

type AnyCard = Card | FilledCard;
/** What a stored card may leave out (a document written by hand, or by an older console): the server's defaults. */
type Defaulted = { title?: string; show_title?: boolean; link?: Card['link'] };

/** A card with its type's default settings under its own, its title, title flag and link. */
export function fillCard(card: AnyCard): FilledCard {
  const definition = widgetOf(card.type);
  const stored: Defaulted = card;
  const base = {
    ...card,
    title: stored.title ?? '',
    show_title: stored.show_title ?? true,
    link: stored.link ?? 'none',
    settings: { ...definition.defaultSettings, ...(card.settings ?? {}) },
  } as FilledCard;
  if (base.type !== 'container') return base;
  const tabs: { title?: string; card: AnyCard }[] = base.settings.tabs ?? [];
  return {
    ...base,
    settings: {
      ...base.settings,
      tabs: tabs.map((tab) => ({ title: tab.title ?? '', card: fillCard(tab.card) as InnerCard })),
    },
  };
}

/** Every card id of the model, those inside containers' tabs included. */
export function cardIds(cards: readonly FilledCard[]): Set<string> {
  const ids = new Set<string>();
  for (const card of cards) {
    ids.add(card.id);
    if (card.type === 'container') for (const tab of card.settings.tabs ?? []) ids.add(tab.card.id);
  }
  return ids;
}

/** The widget types the cards use, those inside containers' tabs included (what the view loads first). */
export function cardTypes(cards: readonly FilledCard[]): FilledCard['type'][] {
  const types = new Set<FilledCard['type']>();
  for (const card of cards) {
    types.add(card.type);
    if (card.type === 'container') for (const tab of card.settings.tabs ?? []) types.add(tab.card.type);
  }
  return [...types];
}

/** Desktop places for `cards`: the valid ones of `items` (one per card, inside the grid), then a place at the first
 * free spot for each card without one. */
export function placeDesktop(cards: readonly FilledCard[], items: readonly LayoutItem[]): LayoutItem[] {
  const known = new Set(cards.map((c) => c.id));
  const placed = new Map<string, LayoutItem>();
  for (const item of items)
    if (known.has(item.i) && !placed.has(item.i)) placed.set(item.i, clampItem(item, GRID_COLUMNS));
  const layout = [...placed.values()];
  for (const card of cards) {
    if (placed.has(card.id)) continue;
    const { w, h } = widgetOf(card.type).defaultSize;
    const spot = firstFreeSpot(layout, w, h);
    layout.push({ i: card.id, ...spot, w: Math.min(w, GRID_COLUMNS), h });
  }
  return layout;
}

/** The phone places of `cards`, from `mobile` (kept inside 2 columns, those of gone cards dropped, missing cards
 * stacked below), or stacked from `desktop` when `mobile` is empty. */
export function placeMobile(
  cards: readonly FilledCard[],
  desktop: readonly LayoutItem[],
  mobile: readonly LayoutItem[],
): { mobile: LayoutItem[]; mobileDerived: boolean } {
  const known = new Set(cards.map((c) => c.id));
  const seen = new Set<string>();
  const kept: LayoutItem[] = [];
  for (const item of mobile)
    if (known.has(item.i) && !seen.has(item.i)) {
      seen.add(item.i);
      kept.push(clampItem(item, PHONE_COLUMNS));
    }
  if (kept.length === 0) return { mobile: stackPhone(desktop), mobileDerived: true };
  return { mobile: appendMissingPhone(kept, desktop), mobileDerived: false };
}

/** The model of a document as the server sent it (an empty dashboard for none). */
export function normalizeDocument(document: DashboardDocument | null | undefined): DashboardModel {
  const seen = new Set<string>();
  const cards: FilledCard[] = [];
  for (const card of document?.cards ?? []) {
    if (seen.has(card.id)) continue;
    seen.add(card.id);
    cards.push(fillCard(card));
  }
  const desktop = placeDesktop(cards, document?.layouts?.desktop ?? []);
  return { cards, desktop, ...placeMobile(cards, desktop, document?.layouts?.mobile ?? []) };
}

export function emptyModel(): DashboardModel {
  return { cards: [], desktop: [], mobile: [], mobileDerived: true };
}

/** The document to save: a derived phone layout is saved empty, so it keeps following the desktop one. */
export function toWire(model: DashboardModel): DashboardDocument {
  const strip = ({ i, x, y, w, h }: LayoutItem): LayoutItem => ({ i, x, y, w, h });
  return {
    version: 1,
    cards: model.cards,
    layouts: {
      desktop: model.desktop.map(strip),
      mobile: model.mobileDerived ? [] : model.mobile.map(strip),
    },
  };
}
