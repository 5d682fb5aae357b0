// The dashboard document in memory (DESIGN §8): the cards with every field present and their places on the two
// breakpoints. model/document.ts reads it from the server's DashboardDocument and writes it back.
import type { FilledCard, LayoutItem } from '../widgets/types';

export type { FilledCard as DashboardCard, LayoutItem };

export type Breakpoint = 'desktop' | 'mobile';

export interface DashboardModel {
  cards: FilledCard[];
  /** A place for every card on the 24-column grid. */
  desktop: LayoutItem[];
  /** A place for every card on the phone's 2-column grid. */
  mobile: LayoutItem[];
  /** The phone layout follows the desktop one (stacked in reading order), as the server's empty list means; once the
   * phone layout is edited it is the dashboard's own and is saved. */
  mobileDerived: boolean;
}

/** A card's place as react-grid-layout reports it (extra fields ignored). */
export interface GridPlace {
  readonly i: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}
