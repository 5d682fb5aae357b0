// One field change → one `onChange` patch (one undoable step): a field edits one key of `settings` or one binding,
// and the patch carries the element's whole settings (or bindings) with that key replaced.
import { useCallback, useMemo } from 'react';

import type { Binding, DesignElement, JsonValue } from '../../model/types';
import type { SettingsFormProps } from '../types';

export interface SettingPatch {
  /** Sets `settings[key]`; `undefined` removes the key (the component then uses its default). `JsonValue` is the
   * generated `unknown`, so it takes `undefined` too. */
  setting: (key: string, value: JsonValue) => void;
  /** Binds `key` to a data source, or unbinds it with null. */
  binding: (key: string, binding: Binding | null) => void;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

export function settingsPatch(
  element: DesignElement,
  key: string,
  value: JsonValue,
): { settings: Record<string, JsonValue> } {
  const settings = without(element.settings, key);
  if (value !== undefined) settings[key] = value;
  return { settings };
}

export function bindingsPatch(
  element: DesignElement,
  key: string,
  binding: Binding | null,
): { bindings: Record<string, Binding> } {
  const bindings = without(element.bindings, key);
  if (binding !== null) bindings[key] = binding;
  return { bindings };
}

export function useSettingPatch(
  element: DesignElement,
  onChange: SettingsFormProps['onChange'],
): SettingPatch {
  const setting = useCallback(
    (key: string, value: JsonValue) => onChange(settingsPatch(element, key, value)),
    [element, onChange],
  );
  const binding = useCallback(
    (key: string, value: Binding | null) => onChange(bindingsPatch(element, key, value)),
    [element, onChange],
  );
  return useMemo(() => ({ setting, binding }), [setting, binding]);
}
