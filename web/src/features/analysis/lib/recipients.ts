// Which of a schedule's addresses may be mailed (pure): a user of the tenant and a verified address may; a pending
// or unknown one may not until its owner opens the verification link, so the dialog offers to send one.
import type { AddressStateOut } from '../api/mail-recipients';

/** 117805: the schedule names an address its tenant may not mail (meta.field is the address). */
export const RECIPIENT_NOT_ALLOWED = '117805';

export type AddressState = AddressStateOut['state'];

export interface RecipientRow {
  address: string;
  /** null while the server has not answered for this address yet. */
  state: AddressState | null;
  allowed: boolean;
  /** A verification may be sent (again): the address is not yet allowed. */
  canVerify: boolean;
}

/** One row per typed address (trimmed, lower case, once), with the state the server gave it. */
export function recipientRows(
  emails: readonly string[],
  states: readonly AddressStateOut[] | undefined,
): RecipientRow[] {
  const known = new Map((states ?? []).map((s) => [s.address, s.state]));
  const seen = new Set<string>();
  const rows: RecipientRow[] = [];
  for (const raw of emails) {
    const address = raw.trim().toLowerCase();
    if (!address || seen.has(address)) continue;
    seen.add(address);
    const state = known.get(address) ?? null;
    const allowed = state === 'user' || state === 'verified';
    rows.push({ address, state, allowed, canVerify: state === 'pending' || state === 'none' });
  }
  return rows;
}

/** The addresses a save would be refused for (117805): known, and neither a user's nor verified. */
export function notAllowed(rows: readonly RecipientRow[]): string[] {
  return rows.filter((r) => r.state !== null && !r.allowed).map((r) => r.address);
}

/** A schedule's last mail (its last run) worth showing: anything but a mail sent whole. */
export function mailProblem(state: string | null | undefined): boolean {
  return state === 'partial' || state === 'skipped' || state === 'capped' || state === 'failed';
}
