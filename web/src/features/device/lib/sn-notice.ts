// What GET /dev/SN's answer means for the person filling in the register form (an i18n key and a tone).
import type { SnCheckOut } from '../types';

export type SnNotice = { tone: 'danger' | 'warning' | 'secondary'; key: string } | null;

export function snNotice(check: SnCheckOut): SnNotice {
  if (!check.valid) return null;
  if (check.registered_here) return { tone: 'danger', key: 'device.register.sn.registeredHere' };
  if (check.registered_elsewhere) return { tone: 'danger', key: 'device.register.sn.registeredElsewhere' };
  if (check.known) return { tone: 'warning', key: 'device.register.sn.known' };
  return { tone: 'secondary', key: 'device.register.sn.new' };
}
