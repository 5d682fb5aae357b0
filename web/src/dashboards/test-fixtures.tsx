// Test fixtures of the dashboards: a dashboard of given cards (each placed 8 columns wide, left to right), a saved
// report to draw, and a presentation rendered inside the app's providers with the linkage in its address.
import type { RouteObject } from 'react-router';

import type { Report, ReportStatistic } from '@/lib/reports/types';
import { renderRoutes } from '@/test/render';
import { DashboardView, useLinkage, type ViewDashboard } from './view';
import type { Card, DashboardOut } from './widgets/types';

export function dashboardOf(cards: Card[], over: Partial<DashboardOut> = {}): DashboardOut {
  return {
    id: 1,
    name: '车间总览',
    group_id: null,
    width: 1920,
    height: 1080,
    theme: 'tech',
    chart_theme: 'blueTech',
    mobile: false,
    free_move: false,
    visibility: 'all',
    position: 1,
    card_count: cards.length,
    outline: [],
    owner_name: 'admin',
    updated_at: 0,
    version: 3,
    can_edit: true,
    can_fullscreen: true,
    audience: { user_ids: [], role_ids: [], user_group_ids: [] },
    document: {
      version: 1,
      cards,
      layouts: {
        desktop: cards.map((card, n) => ({
          i: card.id,
          x: (n % 3) * 8,
          y: Math.floor(n / 3) * 9,
          w: 8,
          h: 9,
        })),
        mobile: [],
      },
    },
    ...over,
  };
}

export function card(id: string, type: Card['type'], settings: object = {}, over: object = {}): Card {
  return { id, type, title: '', show_title: true, link: 'none', settings, ...over } as Card;
}

export function report(over: Partial<Report> = {}): Report {
  return {
    id: 3,
    owner_id: 1,
    title: '在线设备',
    chart_type: 2,
    table_kind: 8,
    time_field_id: 62,
    group_id: null,
    refresh_interval: 0,
    exportable: true,
    dimension_field_id: [{ id: 64, field_name: '在线状态' }],
    compare_filed_id: [],
    aggregate_filed_id: { id: 66, field_name: '设备' },
    aggregation: 'count',
    time_unit: 'hour',
    time_offset: 24,
    start: null,
    end: null,
    fill: 'none',
    filters: [],
    sort: null,
    device_ids: [],
    data_source_ids: [],
    theme: 'blue',
    conditions: [],
    created_at: 0,
    updated_at: 0,
    ...over,
  };
}

export const STATISTIC: ReportStatistic = {
  categories: ['在线', '离线'],
  dimension_is_time: false,
  bucket: null,
  series: [{ name: '设备', values: [4, 2], min: null, max: null }],
  unit: null,
  total_rows: 2,
};

function Presented({ dashboard, phone }: { dashboard: ViewDashboard; phone?: boolean | undefined }) {
  const linkage = useLinkage();
  return (
    <div style={{ width: 1920, height: 1080 }}>
      <DashboardView dashboard={dashboard} linkage={linkage} {...(phone === undefined ? {} : { phone })} />
    </div>
  );
}

/** The dashboard presented at `/view` (with `search`, e.g. '?device=5'), and other routes beside it. */
export function renderDashboard(
  dashboard: ViewDashboard,
  options: { phone?: boolean; search?: string; routes?: RouteObject[] } = {},
) {
  return renderRoutes(
    [
      { path: '/view', element: <Presented dashboard={dashboard} phone={options.phone} /> },
      ...(options.routes ?? []),
    ],
    { initialEntries: [`/view${options.search ?? ''}`] },
  );
}
