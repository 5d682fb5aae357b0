// Symbol: an industrial symbol of ../symbols by id (`settings.symbol`). Grey when normal; a state's colours
// (backgroundColor as fill, stroke) recolour the symbol's first part, or the parts chosen in `settings.parts`.
import { Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { SYMBOLS, symbolById, type SymbolPartStyle } from '../../symbols';
import { partLabel } from '../../symbols/part-label';
import { FieldRow, FieldSection, SelectField, useSettingPatch } from '../form';
import { classes, useLook, type Look } from '../look';
import { settingString } from '../settings';
import { StatefulSections } from '../stateful-sections';
import { defaultStates } from '../states-edit';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { Translated } from '../translated';

const DEFAULT_SYMBOL = 'pump_centrifugal';

/** The parts a state recolours: the chosen ones the symbol has, else its first. */
export function recolouredParts(symbolParts: readonly string[], chosen: readonly unknown[]): string[] {
  const parts = chosen.filter(
    (part): part is string => typeof part === 'string' && symbolParts.includes(part),
  );
  const first = symbolParts[0];
  return parts.length > 0 ? parts : first ? [first] : [];
}

function partStyles(names: readonly string[], look: Look): Record<string, SymbolPartStyle> {
  const style: SymbolPartStyle = {};
  if (look.backgroundColor) style.fill = look.backgroundColor;
  if (look.stroke) style.stroke = look.stroke;
  return Object.fromEntries(names.map((name) => [name, style]));
}

function chosenParts(settings: ElementRenderProps['element']['settings']): readonly unknown[] {
  const parts = settings.parts;
  return Array.isArray(parts) ? parts : [];
}

function SymbolElement(props: ElementRenderProps) {
  const { element, state } = props;
  const { look, flickerClass, flickerStyle } = useLook(props);
  const symbol = symbolById(settingString(element.settings, 'symbol', DEFAULT_SYMBOL));
  if (!symbol) {
    return (
      <div className="iot-el iot-el--box iot-el--placeholder">
        <Translated k="designer.form.symbolMissing" />
      </div>
    );
  }
  // Normal is grey (the symbol's own look): only a state showing brings colour.
  const parts = state
    ? partStyles(recolouredParts(symbol.parts, chosenParts(element.settings)), look)
    : undefined;
  return (
    <div className={classes('iot-el iot-el--drawing', flickerClass)} style={flickerStyle}>
      <symbol.Component parts={parts} />
    </div>
  );
}

function SymbolSettings(props: SettingsFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const patch = useSettingPatch(props.element, props.onChange);
  const symbol = symbolById(settingString(props.element.settings, 'symbol', DEFAULT_SYMBOL));
  const partNames = symbol?.parts ?? [];
  return (
    <>
      <FieldSection title={t('designer.form.symbol')}>
        <SelectField<string>
          label={t('designer.form.symbol')}
          value={symbol?.id ?? null}
          options={SYMBOLS.map((s) => ({ value: s.id, label: t(s.i18nKey, { defaultValue: s.id }) }))}
          onChange={(next) =>
            props.onChange({
              settings: { ...props.element.settings, symbol: next ?? DEFAULT_SYMBOL, parts: [] },
            })
          }
        />
        <FieldRow
          label={t('designer.form.symbolParts')}
          htmlFor={id}
          extra={t('designer.form.symbolPartsHint')}
        >
          <Select<string[]>
            id={id}
            size="small"
            mode="multiple"
            value={recolouredParts(partNames, chosenParts(props.element.settings))}
            options={partNames.map((part) => ({
              value: part,
              label: symbol ? partLabel(t, symbol, part) : part,
            }))}
            onChange={(parts) => patch.setting('parts', parts)}
          />
        </FieldRow>
      </FieldSection>
      <StatefulSections {...props} required />
    </>
  );
}

export const symbolElement: ElementDefinition = {
  type: 'symbol',
  category: 'symbol',
  i18nKey: 'designer.elements.symbol',
  defaultSize: { w: 64, h: 64 },
  defaultSettings: () => ({ symbol: DEFAULT_SYMBOL, parts: [] }),
  defaultStates: () => defaultStates('#00b42a', '#d5d9de'),
  bindingKeys: ['value'],
  stateful: true,
  component: SymbolElement,
  settingsForm: SymbolSettings,
};
