// Bindings that no longer resolve (issue 16 point 8): a screen names its template's data sources; when the device's
// published configuration no longer has one (deleted, or a document older than the publication), the element bound
// to it says "unbound data item" and the rest of the screen keeps running.
import { createContext } from 'react';

import type { DesignElement } from '../model/types';

export interface UnboundScreen {
  /** The data sources the device reports (GET /rDev's items). */
  known: ReadonlySet<number>;
  /** The mark's text (110522's). */
  label: string;
}

/** Null while the device's data sources are not known yet: nothing is marked. */
export const UnboundScreenContext = createContext<UnboundScreen | null>(null);

/** The element binds a data source the device does not report. */
export function bindsUnknown(element: DesignElement, known: ReadonlySet<number>): boolean {
  for (const key in element.bindings) {
    const binding = element.bindings[key];
    if (binding && !known.has(binding.data_source_id)) return true;
  }
  return false;
}
