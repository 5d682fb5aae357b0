// The one path of a control's write: inert in the editor; elsewhere the gate (binding, rights, online), the value
// rules, the confirmation when the control asks for one, then onWrite. The runtime's onWrite asks the control
// password (settings.password) and posts the write, whose rules the server checks again.
import { useTranslation } from 'react-i18next';

import { confirmDialog } from '@/lib/toast';
import type { ElementRenderProps } from '../types';
import { useControlAccess } from './context';
import { writeRules } from './settings';
import { blockText, checkWrite, controlErrorText, writeBlock, type WriteBlock } from './write-rules';

export type WriteOutcome =
  { written: true; value: number | string } | { written: false; message: string | null };

export interface ControlWrite {
  /** False in the editor: the control is drawn, and nothing it does writes. */
  live: boolean;
  /** Why it cannot write now (shown on the control), or null. */
  block: WriteBlock | null;
  blockMessage: string | null;
  /** Resolves what happened: written, refused with a message, or cancelled (message null). */
  write: (raw: unknown) => Promise<WriteOutcome>;
}

export function useControlWrite(
  { element, mode, onWrite }: Pick<ElementRenderProps, 'element' | 'mode' | 'onWrite'>,
  bindingKey = 'value',
  unit = '',
): ControlWrite {
  const { t } = useTranslation();
  const access = useControlAccess();
  const live = mode !== 'edit';
  const block = live ? writeBlock(element, bindingKey, access) : null;
  const blockMessage = block ? blockText(t, block) : null;

  const write = async (raw: unknown): Promise<WriteOutcome> => {
    if (!live || !onWrite) return { written: false, message: null };
    if (blockMessage) return { written: false, message: blockMessage };
    const rules = writeRules(element.settings);
    const check = checkWrite(rules, raw);
    if (!check.ok) return { written: false, message: controlErrorText(t, check.error) };
    if (rules.confirm) {
      const value = unit ? `${String(check.value)} ${unit}` : String(check.value);
      const ok = await confirmDialog({
        title: t('designer.controls.confirm.title'),
        content: t('designer.controls.confirm.content', { value }),
        okText: t('designer.controls.confirm.ok'),
        cancelText: t('common.action.cancel'),
      });
      if (!ok) return { written: false, message: null };
    }
    onWrite(bindingKey, check.value);
    return { written: true, value: check.value };
  };

  return { live, block, blockMessage, write };
}
