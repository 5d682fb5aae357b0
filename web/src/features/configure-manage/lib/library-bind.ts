// Bulk binding: which of the selected devices a Bind or an Unbind would change, and which the server would refuse
// (VPN devices 115008, devices bound to another template 115009) so the confirmation can say so beforehand.
import type { BindRow } from '../types-library';

export interface BindPlan {
  /** Devices a Bind sends. */
  bind: BindRow[];
  /** Already bound to this template: nothing to do. */
  already: BindRow[];
  /** VPN devices: the server refuses them (115008). */
  vpn: BindRow[];
  /** Bound to another template: unbind there first (115009). */
  elsewhere: BindRow[];
  /** Among `bind`, devices whose firmware lacks a data type the template uses (bound anyway, with a warning). */
  unsupported: BindRow[];
}

export function boundHere(row: BindRow, templateId: number): boolean {
  return row.bound_template_id === templateId;
}

export function boundElsewhere(row: BindRow, templateId: number): boolean {
  return row.bound_template_id !== null && row.bound_template_id !== templateId;
}

export function bindPlan(rows: readonly BindRow[], templateId: number): BindPlan {
  const plan: BindPlan = { bind: [], already: [], vpn: [], elsewhere: [], unsupported: [] };
  for (const row of rows) {
    if (boundHere(row, templateId)) plan.already.push(row);
    else if (row.device.vpn_state) plan.vpn.push(row);
    else if (boundElsewhere(row, templateId)) plan.elsewhere.push(row);
    else {
      plan.bind.push(row);
      if (!row.supported) plan.unsupported.push(row);
    }
  }
  return plan;
}

/** The selected devices an Unbind sends: those bound to this template. */
export function unbindTargets(rows: readonly BindRow[], templateId: number): BindRow[] {
  return rows.filter((row) => boundHere(row, templateId));
}

export function deviceName(row: Pick<BindRow, 'device'>): string {
  return row.device.alias || row.device.sn_code;
}

/** Names for a confirmation: the first `max`, then how many more. */
export function nameList(
  rows: readonly BindRow[],
  separator: string,
  max = 5,
): { names: string; more: number } {
  return {
    names: rows
      .slice(0, max)
      .map((r) => deviceName(r))
      .join(separator),
    more: Math.max(0, rows.length - max),
  };
}

/** Parses `?template_id=` (a positive integer) or returns null. */
export function templateIdParam(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
