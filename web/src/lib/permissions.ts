// Permission codes (SPEC §2) and role codes; mirrors the server's core/permissions.py Perm enum.

export const Perm = {
  ROOT: 'P00000',
  HOME: 'P10000',
  DASHBOARD: 'P20000',
  EDIT_DASHBOARD: 'P21200',
  CONFIGURE_MONITOR: 'P24000',
  MONITORING_CHECK: 'P27000',
  DEVICE: 'P30000',
  DEVICE_GROUP: 'P31000',
  VIRTUAL_DEVICE: 'P32000',
  DEVICE_GPS: 'P34000',
  CONFIGURE_MANAGE: 'P40000',
  DEV_TEMPLATE: 'P41000',
  DESIGN_CONFIGURE: 'P41600',
  TEMPLATE_BIND: 'P42000',
  TEMPLATE_GROUP: 'P43000',
  TEMPLATE_LIBRARY: 'P44000',
  TEAM: 'P50000',
  CUSTOMER_GROUP: 'P51000',
  ROLE: 'P52000',
  USER: 'P53000',
  ANALYSIS: 'P60000',
  DASH_CHART: 'P61000',
  DESIGN_CHART: 'P61100',
  PREVIEW_CHART: 'P61400',
  FLOW_ANALYSIS: 'P62000',
  FLOW_DETAIL: 'P62200',
  REPORT_DATA: 'P63000',
  INFO: 'P70000',
  INBOX: 'P71000',
  LOG_INFO: 'P72000',
  REAL_TIME_FAULT: 'P73000',
  SYSTEM: 'P80000',
  PERSONALIZATION: 'P81000',
  SHARE_LINK: 'P82000',
  CUSTOM_PAGE: 'P90000',
  MODULE: 'P100000',
  BUSINESS_SECTOR: 'P101000',
  MODULE_EDIT_DASHBOARD: 'P101200',
  MONITOR: 'P110000',
  MONITORING_DEVICE: 'P111000',
  MONITOR_SETTING: 'P112000',
  CAROUSEL: 'P120000',
  DEV_DASHBOARD: 'P130000',
} as const;

export type PermCode = (typeof Perm)[keyof typeof Perm];

export const Role = {
  ADMINISTRATOR: 'administrator',
  /** Secondary (group) administrator. */
  ADMINISTRATOR2: 'administrator2',
} as const;

/** A route's list opens it when any code is held; no list (or an empty one) opens it to every logged-in user. */
export function permitted(perms: readonly string[] | undefined, codes: ReadonlySet<string>): boolean {
  return !perms || perms.length === 0 || perms.some((code) => codes.has(code));
}
