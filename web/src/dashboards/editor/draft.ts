// Between the server's dashboard and the editor's draft: the draft a loaded dashboard opens as, what a draft settles
// to on the grid (the cards packed upwards unless the dashboard moves them freely; the phone's always), and the save
// request of a draft.
import { verticalCompactor } from 'react-grid-layout';

import type { DashboardSave } from '@/lib/dashboards/save-dashboard';
import { GRID_COLUMNS, moveResize, normalizeDocument, PHONE_COLUMNS, toWire } from '../model';
import { dashboardTheme } from '../view/themes';
import type { DashboardOut } from '../widgets/types';
import type { Draft } from './store';

export function draftOf(dashboard: DashboardOut): Draft {
  return {
    meta: {
      name: dashboard.name,
      width: dashboard.width,
      height: dashboard.height,
      theme: dashboardTheme(dashboard.theme).name,
      chart_theme: dashboard.chart_theme,
      mobile: dashboard.mobile,
      free_move: dashboard.free_move,
    },
    model: normalizeDocument(dashboard.document),
  };
}

/** The draft as the grid shows it: react-grid-layout's vertical compaction applied where the grid applies it. */
export function settleDraft(draft: Draft): Draft {
  let model = draft.model;
  if (!draft.meta.free_move)
    model = moveResize(
      model,
      verticalCompactor.compact(
        model.desktop.map((item) => ({ ...item })),
        GRID_COLUMNS,
      ),
      'desktop',
    );
  if (!model.mobileDerived)
    model = moveResize(
      model,
      verticalCompactor.compact(
        model.mobile.map((item) => ({ ...item })),
        PHONE_COLUMNS,
      ),
      'mobile',
    );
  return model === draft.model ? draft : { ...draft, model };
}

export function saveBody(id: number, version: number, draft: Draft): DashboardSave {
  const { meta } = draft;
  return {
    id,
    version,
    name: meta.name.trim(),
    width: meta.width,
    height: meta.height,
    theme: meta.theme,
    chart_theme: meta.chart_theme as DashboardSave['chart_theme'],
    mobile: meta.mobile,
    free_move: meta.free_move,
    document: toWire(draft.model),
  };
}
