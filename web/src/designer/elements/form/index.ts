// The property panel's shared fields (compact vertical layout), used by every element's settings form, the
// controls' included: build a settings form from these and `useSettingPatch` rather than from raw antd inputs.
export { BindingField, isBrokenBinding } from './binding-field';
export { ColourField, colourValue } from './colour-field';
export { FieldRow, FieldSection } from './field';
export { FontField } from './font-field';
export { DEFAULT_FONT, FONT_FAMILIES, cssFont, formatFont, parseFont, type FontParts } from './font';
export { NumberField, committedNumber, type NumberRules } from './number-field';
export { SelectField, type SelectOption } from './select-field';
export { SwitchField } from './switch-field';
export { TextField } from './text-field';
export { bindingsPatch, settingsPatch, useSettingPatch, type SettingPatch } from './use-setting-patch';
