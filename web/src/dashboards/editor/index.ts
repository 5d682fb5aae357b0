// The dashboard editor (issue 31 point 2): what /editDashboard mounts; its own lazy chunk with react-grid-layout.
export { DashboardEditor } from './dashboard-editor';
export type { DashboardEditorProps } from './dashboard-editor';
