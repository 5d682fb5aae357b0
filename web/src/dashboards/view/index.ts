// The dashboard presentation (DESIGN §9): what a page mounts to show a dashboard.
// DashboardView: the canvas scaled to its box, or the phone layout; every card with its theme, linkage and visibility.
export { DashboardView, PHONE_BREAKPOINT, useDashboardHost } from './dashboard-view';
export type { DashboardViewProps, ViewDashboard } from './dashboard-view';
// useLinkage: the device and group chosen in trees, in the address; useMemoryLinkage: the same held in memory.
export { linkedId, useLinkage, useMemoryLinkage } from './use-linkage';
export type { LinkChoice } from './use-linkage';
// The 7 dashboard themes and their CSS variables; the canvas's fit.
export {
  DASHBOARD_THEME_LIST,
  DASHBOARD_THEME_NAMES,
  dashboardTheme,
  themeStyle,
  widgetTheme,
} from './themes';
export type { DashboardTheme, DashboardThemeName } from './themes';
export { canvasTransform, fitCanvas } from './scale';
export type { CanvasFit, Size } from './scale';
// CardFrame and WidgetBody: one card (the editor draws its cards with them too).
export { CardFrame, WidgetBody } from './card-frame';
export type { CardScope } from './card-frame';
