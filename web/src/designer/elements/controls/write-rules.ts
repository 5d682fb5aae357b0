// A control's write rules (issue 15 point 5, SPEC §5 "Control setpoints within range; lower limit below upper
// limit", §6 "Real-time writing needs user write permission, device write permission and online device"): the
// same value rules as the device detail's write dialog (lib/telemetry/write-rules), plus the limits a designer sets
// on the control. Pure, so the runtime, the editor's settings form and the tests share them. The server checks again.
import type { TFunction } from 'i18next';

import { translateCode } from '@/lib/i18n';
import { checkWriteValue, writeErrorText, type WriteError } from '@/lib/telemetry/write-rules';
import type { WriteConfigOut } from '@/lib/telemetry/types';
import type { DesignElement } from '../../model/types';
import { writeRules, type PasswordMode, type WriteRules } from './settings';

export type ControlWriteError = WriteError | { key: 'limits' };
export type ControlWriteCheck =
  { ok: true; value: number | string } | { ok: false; error: ControlWriteError };

type Limits = Pick<WriteRules, 'min' | 'max'>;

/** 'limits' when the lower limit is not below the upper one (110517), else null. */
export function limitsError(limits: Limits): 'limits' | null {
  return limits.min !== null && limits.max !== null && limits.min >= limits.max ? 'limits' : null;
}

function looksNumeric(raw: string): boolean {
  return raw.trim() !== '' && Number.isFinite(Number(raw.trim()));
}

/** The value to write, rounded to the control's decimals, or why it is refused. */
export function checkWrite(
  rules: Pick<WriteRules, 'min' | 'max' | 'decimals'>,
  raw: unknown,
): ControlWriteCheck {
  if (limitsError(rules)) return { ok: false, error: { key: 'limits' } };
  // A fixed text (a button writing "START") goes to a text data source, which has no range to hold it to.
  if (typeof raw === 'string' && rules.min === null && rules.max === null && !looksNumeric(raw) && raw.trim())
    return { ok: true, value: raw };
  const parsed = checkWriteValue({ data_type: 'float64', min_value: null, max_value: null }, raw);
  if (!parsed.ok || typeof parsed.value !== 'number') return parsed;
  const decimals = rules.decimals === null ? null : Math.min(20, Math.max(0, Math.round(rules.decimals)));
  const value = decimals === null ? parsed.value : Number(parsed.value.toFixed(decimals));
  return checkWriteValue({ data_type: 'float64', min_value: rules.min, max_value: rules.max }, value);
}

/** What the runtime knows of the viewer and the device (GET /yun/v2/rDev/config, and whether the viewer may
 * operate this screen's controls at all, e.g. through a read-only share link). The passwords are unknown when
 * absent, and then the server decides. */
export type ControlAccess = Omit<WriteConfigOut, 'password_required'> & {
  can_operate: boolean;
  password_required?: boolean;
};

export type WriteBlock =
  'unbound' | 'noControl' | 'user' | 'device' | 'offline' | 'devicePasswordNotSet' | 'passwordNotSet';

/** A control's password rule (docs/decisions.md "A control's password"): the password its settings name must
 * exist — "device" the device's own, "global" any that guards the device (the device's own overrides the
 * tenant's default) — else it refuses, whatever would be typed (110583, 110584). Null when it may write. */
export function passwordBlock(
  mode: PasswordMode,
  passwords: Pick<ControlAccess, 'password_required' | 'device_password_set'>,
): 'devicePasswordNotSet' | 'passwordNotSet' | null {
  if (mode === 'device' && passwords.device_password_set === false) return 'devicePasswordNotSet';
  if (mode === 'global' && passwords.password_required === false) return 'passwordNotSet';
  return null;
}

/** Why a control cannot write now, in the order the server refuses (110522, 110521, 110513, 110514, 110515, then
 * the control's password rule 110583/110584), or null. `access` null: the runtime does not know yet, and the
 * server decides. */
export function writeBlock(
  element: Pick<DesignElement, 'bindings' | 'settings'>,
  bindingKey: string,
  access: ControlAccess | null,
): WriteBlock | null {
  if (!(bindingKey in element.bindings)) return 'unbound';
  if (!access) return null;
  if (!access.can_operate) return 'noControl';
  if (!access.user_can_write) return 'user';
  if (!access.device_can_write) return 'device';
  if (!access.online) return 'offline';
  return passwordBlock(writeRules(element.settings).password, access);
}

// The device detail's texts where it has them (telemetry.write.*), the error catalogue's for the rest.
const BLOCK_TEXTS: Record<WriteBlock, { key: string } | { code: string }> = {
  unbound: { code: '110522' },
  noControl: { code: '110521' },
  user: { key: 'telemetry.write.blocked.user' },
  device: { key: 'telemetry.write.blocked.device' },
  offline: { key: 'telemetry.write.blocked.offline' },
  devicePasswordNotSet: { code: '110583' },
  passwordNotSet: { code: '110584' },
};

export function blockText(t: TFunction, block: WriteBlock): string {
  const text = BLOCK_TEXTS[block];
  return 'key' in text ? t(text.key) : translateCode(text.code);
}

export function controlErrorText(t: TFunction, error: ControlWriteError): string {
  return error.key === 'limits' ? translateCode('110517') : writeErrorText(t, error);
}
