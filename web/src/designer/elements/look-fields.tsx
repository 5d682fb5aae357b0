// The look settings most elements share (text, colours, font, alignment, underline, image), edited under the same
// names a state overrides (look.ts). Each element lists the fields it draws with.
import { useTranslation } from 'react-i18next';

import { SCREEN_TEXT_MAX } from '@/types/limits.gen';

import {
  ColourField,
  FieldSection,
  FontField,
  SelectField,
  SwitchField,
  TextField,
  useSettingPatch,
} from './form';
import { ImageUrlField } from './image-url-field';
import { baseLook, TEXT_ALIGNS, type Look, type TextAlign } from './look';
import type { SettingsFormProps } from './types';

interface LookFieldsProps extends Pick<SettingsFormProps, 'element' | 'onChange'> {
  fields: readonly (keyof Look)[];
}

export function LookFields({ element, onChange, fields }: LookFieldsProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const look = baseLook(element.settings);
  const has = (field: keyof Look) => fields.includes(field);
  return (
    <FieldSection title={t('designer.form.look')}>
      {has('text') && (
        <TextField
          label={t('designer.states.text')}
          value={look.text}
          multiline
          maxLength={SCREEN_TEXT_MAX}
          onChange={(text) => patch.setting('text', text)}
        />
      )}
      {has('imgUrl') && (
        <ImageUrlField
          label={t('designer.states.imgUrl')}
          value={look.imgUrl}
          onChange={(url) => patch.setting('imgUrl', url)}
        />
      )}
      <div className="iot-prop-inline">
        {has('fontColor') && (
          <ColourField
            label={t('designer.states.fontColor')}
            value={look.fontColor}
            onChange={(colour) => patch.setting('fontColor', colour)}
          />
        )}
        {has('backgroundColor') && (
          <ColourField
            label={t('designer.states.backgroundColor')}
            value={look.backgroundColor}
            onChange={(colour) => patch.setting('backgroundColor', colour)}
          />
        )}
        {has('stroke') && (
          <ColourField
            label={t('designer.states.stroke')}
            value={look.stroke}
            onChange={(colour) => patch.setting('stroke', colour)}
          />
        )}
      </div>
      {has('font') && (
        <FontField
          label={t('designer.states.font')}
          value={look.font}
          onChange={(font) => patch.setting('font', font)}
        />
      )}
      {has('textAlign') && (
        <SelectField<TextAlign>
          label={t('designer.states.textAlign')}
          value={look.textAlign}
          options={TEXT_ALIGNS.map((align) => ({ value: align, label: t(`designer.align.${align}`) }))}
          onChange={(align) => patch.setting('textAlign', align ?? 'center')}
        />
      )}
      {has('isUnderline') && (
        <SwitchField
          label={t('designer.states.underline')}
          value={look.isUnderline}
          onChange={(on) => patch.setting('isUnderline', on)}
        />
      )}
    </FieldSection>
  );
}
