// Industrial symbols drawn by the project (issue 15 point 7, DESIGN §7): SVG in one high-performance style, grey when
// normal, colour only for an abnormal or active state. Each symbol names the parts a state recolours; the `symbol`
// element passes a style per part and the symbol draws its parts with it.
import type { ReactElement } from 'react';

export interface SymbolPartStyle {
  fill?: string;
  stroke?: string;
}

export type SymbolCategory =
  | 'pump'
  | 'valve'
  | 'tank'
  | 'pipe'
  | 'motor'
  | 'fan'
  | 'compressor'
  | 'exchanger'
  | 'meter'
  | 'conveyor'
  | 'electrical'
  | 'sensor';

export interface SymbolProps {
  /** The style of each named part; a part without one keeps the normal grey look. */
  parts?: Partial<Record<string, SymbolPartStyle>>;
  /** An accessible name (the element's label); the symbol is decorative without one. */
  title?: string;
}

export interface SymbolDefinition {
  /** Stable id stored in a screen document (`settings.symbol`): never renamed once shipped. */
  id: string;
  category: SymbolCategory;
  /** i18next key of its name (`designer.symbols.<id>`). */
  i18nKey: string;
  /** The size it is placed at, in canvas pixels. */
  defaultSize: { w: number; h: number };
  /** The parts a state may recolour, in drawing order; the first is the one a plain state colour takes. */
  parts: readonly string[];
  Component: (props: SymbolProps) => ReactElement;
}
