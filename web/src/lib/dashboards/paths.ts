// The dashboard screens' addresses: the presentation (a hidden route under /dashboard, P20000), the editor.
export const dashboardPaths = {
  list: '/dashboard',
  view: (id: number) => `/dashboard/view?id=${String(id)}`,
  edit: (id: number) => `/editDashboard?id=${String(id)}`,
};

/** A positive id from a query string's value, or null when absent or malformed. */
export function idParam(raw: string | null): number | null {
  const value = Number(raw ?? '');
  return raw !== null && /^\d+$/.test(raw) && Number.isSafeInteger(value) && value > 0 ? value : null;
}
