// What an element is called where the designer lists it (the layers panel; issue 30 point 7): the name the user
// gave it, else its kind (a symbol's own kind, 离心泵, else the element type's, 数值) with the data source it shows
// (离心泵 · 运行状态), or the text it shows (文本 · 设定压力) — in the user's language, never a raw id.
import type { TFunction } from 'i18next';

import type { DesignElement } from '../model/types';
import { symbolById } from '../symbols';
import { elementDefinition } from './registry';
import type { DataSourceOption } from './types';

export function elementKind(t: TFunction, element: Pick<DesignElement, 'type' | 'settings'>): string {
  if (element.type === 'symbol') {
    const id = element.settings.symbol;
    const symbol = typeof id === 'string' ? symbolById(id) : undefined;
    if (symbol) return t(symbol.i18nKey, { defaultValue: t('designer.elements.symbol') });
  }
  const key = elementDefinition(element.type)?.i18nKey;
  return key ? t(key, { defaultValue: element.type }) : t('designer.editor.layers.unknown');
}

export function elementName(
  t: TFunction,
  element: Pick<DesignElement, 'type' | 'settings' | 'bindings' | 'name'>,
  dataSources: readonly Pick<DataSourceOption, 'id' | 'name'>[],
): string {
  if (element.name) return element.name;
  const kind = elementKind(t, element);
  const binding = element.bindings.value ?? Object.values(element.bindings)[0];
  const source = binding ? dataSources.find((s) => s.id === binding.data_source_id) : undefined;
  if (source) return `${kind} · ${source.name}`;
  // A text, a link or a button says what it shows.
  const text = element.settings.text;
  return typeof text === 'string' && text.trim() ? `${kind} · ${text.trim()}` : kind;
}
