// The dashboards' and business sectors' payloads (docs/api-dashboards.md): the server's schemas through api.gen.ts.
// The dashboards page, the sector pages and the presentation read them.
import type { Schema } from '@/types/schema';

/** A dashboard in a list: its settings, card count, owner and the caller's rights (edit, full screen). */
export type DashboardSummary = Schema<'DashboardSummaryOut'>;
/** One dashboard with its document and, for those who may edit it, its audience. */
export type Dashboard = Schema<'DashboardOut'>;
export type DashboardGroup = Schema<'DashboardGroupOut'>;
export type Audience = Schema<'Audience'>;
export type DashboardTheme = Schema<'DashboardIn'>['theme'];
export type DashboardChartTheme = Schema<'DashboardIn'>['chart_theme'];
export type DashboardVisibility = Schema<'DashboardIn'>['visibility'];

/** Why a dashboard is read: viewing, editing (118005 without the right) or full screen (118006 without it). */
export type DashboardPurpose = 'view' | 'edit' | 'fullscreen';

export type Sector = Schema<'SectorOut'>;
/** A sector's dashboard; `available` false when the caller may not see it (only its id is given). */
export type SectorDashboard = Schema<'SectorDashboardOut'>;

/** GET /yun/dashboard: `group_id` 0 the ungrouped ones, absent all; `keyword` a part of the name. */
export interface DashboardListParams {
  group_id?: number;
  keyword?: string;
  mobile?: boolean;
}

/** The server's codes the dashboard screens answer to (errors.json has their texts). */
export const DASHBOARD_CODES = {
  notFound: '118001',
  nameRequired: '118002',
  nameTooLong: '118003',
  nameExists: '118004',
  noEditPermission: '118005',
  noFullscreenPermission: '118006',
  audienceInvalid: '118007',
  groupNotEmpty: '202301',
} as const;
