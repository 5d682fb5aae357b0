// Symbol: an industrial symbol of ../symbols by id (`settings.symbol`), or one of the tenant's own
// (`settings.symbol` "tenant:<id>" with its sanitised SVG's URL in `settings.symbolUrl`, ../user-symbols). Grey (or
// its own look) when normal; a state's colours (backgroundColor as fill, stroke) recolour the symbol's first part,
// or the parts chosen in `settings.parts` (a tenant symbol's parts are element ids its editor marked).
import { Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { SYMBOLS, symbolById, type SymbolPartStyle } from '../../symbols';
import { partLabel as builtInPartLabel } from '../../symbols/part-label';
import {
  partName,
  TENANT_SYMBOL_PREFIX,
  tenantSymbolId,
  UserSymbolView,
  useSymbolSvg,
  useUserSymbols,
} from '../../user-symbols';
import { FieldRow, FieldSection, useSettingPatch } from '../form';
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

function Missing() {
  return (
    <div className="iot-el iot-el--box iot-el--placeholder">
      <Translated k="designer.form.symbolMissing" />
    </div>
  );
}

function TenantSymbolElement(props: ElementRenderProps) {
  const { element, state } = props;
  const { look, flickerClass, flickerStyle } = useLook(props);
  const url = settingString(element.settings, 'symbolUrl', '');
  const svg = useSymbolSvg(url);
  if (svg.isError || url === '') return <Missing />;
  const parts =
    state && svg.data
      ? partStyles(recolouredParts(svg.data.parts, chosenParts(element.settings)), look)
      : undefined;
  return (
    <div className={classes('iot-el iot-el--drawing', flickerClass)} style={flickerStyle}>
      <UserSymbolView url={url} parts={parts} />
    </div>
  );
}

function SymbolElement(props: ElementRenderProps) {
  const symbolSetting = settingString(props.element.settings, 'symbol', DEFAULT_SYMBOL);
  if (tenantSymbolId(symbolSetting) !== null) return <TenantSymbolElement {...props} />;
  return <BuiltInSymbolElement {...props} />;
}

function BuiltInSymbolElement(props: ElementRenderProps) {
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
  const { t, i18n } = useTranslation();
  const id = useId();
  const patch = useSettingPatch(props.element, props.onChange);
  const mine = useUserSymbols();
  const setting = settingString(props.element.settings, 'symbol', DEFAULT_SYMBOL);
  const tenantId = tenantSymbolId(setting);
  const symbol = symbolById(setting);
  const own = tenantId === null ? undefined : mine.data?.items.find((s) => s.id === tenantId);
  const partNames = own ? own.parts.map((p) => p.id) : (symbol?.parts ?? []);
  const partLabel = (part: string) => {
    const named = own?.parts.find((p) => p.id === part);
    if (named) return partName(named, i18n.language);
    return symbol ? builtInPartLabel(t, symbol, part) : part;
  };
  const builtIn = SYMBOLS.map((s) => ({ value: s.id, label: t(s.i18nKey, { defaultValue: s.id }) }));
  const tenant = (mine.data?.items ?? []).map((s) => ({
    value: `${TENANT_SYMBOL_PREFIX}${s.id}`,
    label: s.name,
  }));
  return (
    <>
      <FieldSection title={t('designer.form.symbol')}>
        <FieldRow label={t('designer.form.symbol')} htmlFor={`${id}-symbol`}>
          <Select<string>
            id={`${id}-symbol`}
            size="small"
            showSearch={{ optionFilterProp: 'label' }}
            value={symbol?.id ?? (tenantId !== null ? setting : undefined)}
            options={
              tenant.length > 0
                ? [
                    { label: t('designer.userSymbols.builtIn'), options: builtIn },
                    { label: t('designer.userSymbols.mine'), options: tenant },
                  ]
                : builtIn
            }
            onChange={(next) => {
              const url = mine.data?.items.find((s) => s.id === tenantSymbolId(next))?.url;
              const settings: Record<string, unknown> = {
                ...props.element.settings,
                symbol: next,
                parts: [],
              };
              if (url) settings.symbolUrl = url;
              else delete settings.symbolUrl;
              props.onChange({ settings });
            }}
          />
        </FieldRow>
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
            options={partNames.map((part) => ({ value: part, label: partLabel(part) }))}
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
