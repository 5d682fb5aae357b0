// The editor's operations on the model, each `(model, …) → model`, returning the same model when nothing changes
// (so the editor's history records no empty step). A derived phone layout follows every desktop change.
import { widgetOf } from '../widgets/registry';
import type { FilledCard, InnerCard, WidgetType } from '../widgets/types';
import { cardIds, fillCard } from './document';
import { GRID_COLUMNS, PHONE_COLUMNS } from './grid';
import { appendMissingPhone, clampItem, firstFreeSpot, stackPhone } from './layout';
import { newCardId } from './ids';
import type { Breakpoint, DashboardModel, GridPlace, LayoutItem } from './types';

/** The model with `desktop` replaced, the phone layout following it (derived), or keeping its own places. */
function withDesktop(model: DashboardModel, cards: FilledCard[], desktop: LayoutItem[]): DashboardModel {
  const ids = new Set(cards.map((c) => c.id));
  const mobile = model.mobileDerived
    ? stackPhone(desktop)
    : appendMissingPhone(
        model.mobile.filter((item) => ids.has(item.i)),
        desktop,
      );
  return { ...model, cards, desktop, mobile };
}

/** A card of `type` with its defaults and `id`, `w` × `h` (its type's default size) at the first free spot. */
export function addCard(
  model: DashboardModel,
  type: WidgetType,
  id: string = newCardId(cardIds(model.cards)),
) {
  const definition = widgetOf(type);
  const card = fillCard({ id, type, title: '', show_title: true, link: 'none' } as FilledCard);
  const w = Math.min(definition.defaultSize.w, GRID_COLUMNS);
  const { h } = definition.defaultSize;
  const spot = firstFreeSpot(model.desktop, w, h);
  return withDesktop(model, [...model.cards, card], [...model.desktop, { i: id, ...spot, w, h }]);
}

export function removeCard(model: DashboardModel, id: string): DashboardModel {
  if (!model.cards.some((c) => c.id === id)) return model;
  return withDesktop(
    model,
    model.cards.filter((c) => c.id !== id),
    model.desktop.filter((item) => item.i !== id),
  );
}

/** A copy of a card (the cards in a container's tabs get new ids too) with its size, at the first free spot. */
export function duplicateCard(
  model: DashboardModel,
  id: string,
  newId: string = newCardId(cardIds(model.cards)),
): DashboardModel {
  const source = model.cards.find((c) => c.id === id);
  const place = model.desktop.find((item) => item.i === id);
  if (!source || !place) return model;
  const taken = cardIds(model.cards);
  taken.add(newId);
  let copy = structuredClone(source);
  copy.id = newId;
  if (copy.type === 'container') {
    const tabs = (copy.settings.tabs ?? []).map((tab) => {
      const inner = newCardId(taken);
      taken.add(inner);
      return { ...tab, card: { ...tab.card, id: inner } as InnerCard };
    });
    copy = { ...copy, settings: { ...copy.settings, tabs } };
  }
  const spot = firstFreeSpot(model.desktop, place.w, place.h);
  return withDesktop(
    model,
    [...model.cards, copy],
    [...model.desktop, { i: newId, ...spot, w: place.w, h: place.h }],
  );
}

function samePlaces(a: readonly LayoutItem[], b: readonly LayoutItem[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((item) => [item.i, item]));
  return a.every((item) => {
    const other = byId.get(item.i);
    return other?.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h;
  });
}

/** The places react-grid-layout reports at the end of a drag or resize, on one breakpoint. Items of unknown cards are
 * ignored; cards it does not name keep their places. Editing the phone layout makes it the dashboard's own. */
export function moveResize(
  model: DashboardModel,
  layout: readonly GridPlace[],
  breakpoint: Breakpoint = 'desktop',
): DashboardModel {
  const cols = breakpoint === 'desktop' ? GRID_COLUMNS : PHONE_COLUMNS;
  const current = breakpoint === 'desktop' ? model.desktop : model.mobile;
  const reported = new Map(layout.map((item) => [item.i, item]));
  const next = current.map((item) => {
    const moved = reported.get(item.i);
    return moved ? clampItem(moved, cols) : item;
  });
  if (samePlaces(current, next)) return model;
  if (breakpoint === 'desktop') return withDesktop(model, model.cards, next);
  return { ...model, mobile: next, mobileDerived: false };
}

/** The phone layout back to following the desktop one. */
export function resetPhoneLayout(model: DashboardModel): DashboardModel {
  if (model.mobileDerived) return model;
  return { ...model, mobile: stackPhone(model.desktop), mobileDerived: true };
}

export interface CardPatch {
  title?: string;
  show_title?: boolean;
  link?: FilledCard['link'];
  settings?: FilledCard['settings'];
}

/** A card's title, title flag, link or settings (whole, as a settings form gives them). */
export function updateCard(model: DashboardModel, id: string, patch: CardPatch): DashboardModel {
  const card = model.cards.find((c) => c.id === id);
  if (!card || !(Object.keys(patch) as (keyof CardPatch)[]).some((key) => patch[key] !== card[key]))
    return model;
  const next = { ...card, ...patch } as FilledCard;
  return { ...model, cards: model.cards.map((c) => (c === card ? next : c)) };
}

/** Every layout item kept inside its grid (after a resolution change nothing needs moving: places are in cells). */
export function clampLayouts(model: DashboardModel): DashboardModel {
  const desktop = model.desktop.map((item) => clampItem(item, GRID_COLUMNS));
  return samePlaces(model.desktop, desktop) ? model : withDesktop(model, model.cards, desktop);
}
