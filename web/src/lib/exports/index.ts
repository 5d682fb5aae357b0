// The export centre, shared by every screen that exports (reports, a device's history) and the header's badge.
export * from './types';
export * from './api';
export { EXPORT_CAP_CODE, startExport, useStartExport, type StartExportOptions } from './start-export';
export { formatBytes } from './format';
