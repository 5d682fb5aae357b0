// The widget host's context (types.ts WidgetHost): the presentation and the editor provide it, the container and the
// dashboard toggle read it to draw their inner cards and dashboards.
import { createContext, useContext } from 'react';

import type { WidgetHost } from './types';

export const WidgetHostContext = createContext<WidgetHost | null>(null);

/** The host drawing this widget; a widget outside any host is a programming error. */
export function useWidgetHost(): WidgetHost {
  const host = useContext(WidgetHostContext);
  if (!host) throw new Error('A dashboard widget was drawn outside a dashboard.');
  return host;
}
