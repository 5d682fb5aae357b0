// The widget registry's contract (DESIGN §9, issue 31 point 3): `type → { component, settingsForm, defaultSize,
// i18nKey, fetches }`, shared by the dashboard editor (palette, cards, settings drawer) and the presentation (which
// mounts only `component`). The card shapes are the server's (dashboards/document.py) through api.gen.ts.
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

import type { Schema } from '@/types/schema';
import type { PreloadableComponent } from './preloadable';

export type DashboardDocument = Schema<'DashboardDocument'>;
export type Card = NonNullable<DashboardDocument['cards']>[number];
export type WidgetType = Card['type'];
export type CardOf<T extends WidgetType> = Extract<Card, { type: T }>;
export type SettingsOf<T extends WidgetType> = NonNullable<CardOf<T>['settings']>;
export type LayoutItem = Schema<'LayoutItem'>;
/** A dashboard as the server answers it (GET /yun/dashboard/detail). */
export type DashboardOut = Schema<'DashboardOut'>;
/** A card with every field present (model/normalize.ts fills its type's default settings). */
export type FilledCard = Card extends infer C
  ? C extends { settings?: infer S }
    ? Omit<C, 'settings'> & { settings: NonNullable<S> }
    : never
  : never;
/** The card a container's tab holds: any type but a container. */
export type InnerCard = Exclude<FilledCard, { type: 'container' }>;

/** Where a card is drawn: the editor's grid (live data, but clicks do not navigate), or a presentation (the
 * dashboard page, full screen, a sector, a share link, the phone). */
export type WidgetMode = 'edit' | 'view';

/**
 * The dashboard-level selection of linkage (point 4): the device picked in a device tree and the group picked in a
 * group tree, kept in the URL (`?device=`, `?group=`). A card whose `link` is 'device' or 'group' reads it instead
 * of its own setting; a tree card writes it.
 */
export interface Linkage {
  deviceId: number | null;
  groupId: number | null;
  setDevice: (id: number | null) => void;
  setGroup: (id: number | null) => void;
}

/** The dashboard's look as a card needs it: the dashboard theme's tokens and the chart theme's name. */
export interface WidgetTheme {
  /** One of the 7 dashboard themes (DASHBOARD_THEMES). */
  name: string;
  /** 'dark' themes draw light text on dark cards. */
  tone: 'dark' | 'light';
  /** One of the 6 chart themes (REPORT_CHART_THEMES); 10-colour palettes (components/charts/report/themes.ts). */
  chartTheme: string;
  text: string;
  textSecondary: string;
  accent: string;
  cardBackground: string;
  border: string;
}

export interface WidgetProps<T extends WidgetType = WidgetType> {
  card: CardOf<T>;
  settings: SettingsOf<T>;
  mode: WidgetMode;
  /** False while the card is scrolled away, in a hidden tab, or behind another dashboard of a toggle: a widget
   * fetches and subscribes only while visible. */
  visible: boolean;
  linkage: Linkage;
  theme: WidgetTheme;
  /** The dashboard the card is on (the toggle widget leaves it out of its own choices). */
  dashboardId: number;
}

export interface SettingsFormProps<T extends WidgetType = WidgetType> {
  settings: SettingsOf<T>;
  /** Replaces the settings (one undoable step in the editor). */
  onChange: (next: SettingsOf<T>) => void;
  dashboardId: number;
}

/** What a dashboard source can ask ahead for a card, keyed as the card's own queries are (data/prefetch.ts). */
export interface CardReads {
  /** A report's definition, and with `statistic` its statistic over its own range in the viewer's zone. */
  report: (reportId: number, statistic: boolean) => void;
  /** A device's screens' publication and what their runtime reads first (values, write rules, live alarms). */
  screens: (deviceId: number) => void;
  /** The device groups (the trees, a card's group check). */
  groups: () => void;
  /** A tree's devices (data/source.tsx DeviceParams). */
  devices: (params: { group_id?: number | undefined; q?: string | undefined }) => void;
  /** A device's name (a fault card's device). */
  device: (deviceId: number) => void;
  /** The map's devices of a group (null: every one). */
  map: (groupId: number | null) => void;
  /** A network monitor's counts and traffic of a group (null: every device). */
  net: (groupId: number | null) => void;
  /** The unconfirmed alarms of a device, a group or (neither) every device: a fault list, the trees' and the map's
   * alarm marks. */
  alarms: (scope: { deviceId: number | null; groupId: number | null }) => void;
  /** The weather now and over `days` at a place. */
  weather: (lat: number, lon: number, days: number) => void;
  /** Another dashboard (a toggle's): answers it (null when it cannot be read), and its cards are asked for in turn. */
  dashboard: (id: number) => Promise<DashboardOut | null>;
}

export interface WidgetDefinition<T extends WidgetType = WidgetType> {
  type: T;
  /** Its name in the palette, the settings drawer and an untitled card's title bar (locales: dashboards.widgets.<type>.name,
   * in dashboards-view.json or dashboards-widgets.json). */
  i18nKey: string;
  icon: ComponentType;
  /** A new card's size on the desktop grid (DASHBOARD_COLUMNS = 24 columns; 8 for most). */
  defaultSize: { w: number; h: number };
  defaultSettings: SettingsOf<T>;
  /** Which trees a card of this type may follow (editing-binding mode offers only these). */
  links: readonly ('device' | 'group')[];
  /** What it asks the server for, for the docs and the B6 benchmark's request count. */
  fetches: readonly string[];
  /** Its presentation, loaded lazily; the view preloads the modules of a document's types (preloadable.ts). */
  component: PreloadableComponent<WidgetProps<T>>;
  /** Starts what a card of this type first reads, as the dashboard's document arrives, beside the modules' loading
   * rather than after the card's first render (data/prefetch.ts; B6). The card's own queries then find the answers
   * in flight or in the cache. Absent: the card asks when it is drawn. */
  prefetch?: (card: Extract<FilledCard, { type: T }>, reads: CardReads) => void;
  /** The other dashboard a card of this type shows first (a toggle's; never `dashboardId`, the one it is on), whose
   * cards are asked for ahead in turn; null for none. */
  shows?: (card: Extract<FilledCard, { type: T }>, dashboardId: number) => number | null;
  settingsForm: LazyExoticComponent<ComponentType<SettingsFormProps<T>>>;
}

/**
 * What draws other cards for a card (the container's tabs, the dashboard toggle's dashboards), provided by the
 * presentation (view/) and the editor through `WidgetHostContext` (widgets/host.ts). A widget asks its host instead
 * of importing the view or the registry, which import it.
 */
export interface WidgetHost {
  /** The definition of a type (the registry's `widgetOf`). */
  widgetOf: (type: WidgetType) => WidgetDefinition;
  /** One card's widget (a container's tab), with the host's theme, linkage and mode, its own error boundary and
   * loading state, and no title bar. */
  renderCard: (card: InnerCard, visible: boolean) => ReactNode;
  /** Another dashboard's cards (a toggle's choice) under this one's linkage; null inside such a dashboard: toggles do
   * not nest. */
  renderDashboard: ((dashboard: DashboardOut, visible: boolean) => ReactNode) | null;
}
