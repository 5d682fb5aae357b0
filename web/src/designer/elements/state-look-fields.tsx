// One state's look in the states editor: text, colours, image, alignment, font and underline. An emptied field is
// null, and the element's own look shows through for it.
import { useTranslation } from 'react-i18next';

import { SCREEN_TEXT_MAX } from '@/types/limits.gen';

import type { ElementState } from '../model/types';
import { ColourField, FontField, SelectField, SwitchField, TextField } from './form';
import { ImageUrlField } from './image-url-field';

type Align = NonNullable<ElementState['textAlign']>;
const ALIGNS: readonly Align[] = ['left', 'center', 'right'];

interface StateLookFieldsProps {
  state: ElementState;
  onChange: (change: Partial<ElementState>) => void;
}

export function StateLookFields({ state, onChange }: StateLookFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('designer.states.text')}
        value={state.text ?? ''}
        maxLength={SCREEN_TEXT_MAX}
        onChange={(text) => onChange({ text: text === '' ? null : text })}
      />
      <div className="iot-prop-inline">
        <ColourField
          label={t('designer.states.fontColor')}
          value={state.fontColor ?? null}
          onChange={(fontColor) => onChange({ fontColor })}
        />
        <ColourField
          label={t('designer.states.backgroundColor')}
          value={state.backgroundColor ?? null}
          onChange={(backgroundColor) => onChange({ backgroundColor })}
        />
        <ColourField
          label={t('designer.states.stroke')}
          value={state.stroke ?? null}
          onChange={(stroke) => onChange({ stroke })}
        />
      </div>
      <ImageUrlField
        label={t('designer.states.imgUrl')}
        value={state.imgUrl ?? null}
        onChange={(imgUrl) => onChange({ imgUrl })}
      />
      <SelectField<Align>
        label={t('designer.states.textAlign')}
        value={state.textAlign ?? null}
        allowClear
        placeholder={t('designer.states.elementLook')}
        options={ALIGNS.map((align) => ({ value: align, label: t(`designer.align.${align}`) }))}
        onChange={(textAlign) => onChange({ textAlign })}
      />
      <FontField
        label={t('designer.states.font')}
        value={state.font ?? null}
        onChange={(font) => onChange({ font })}
      />
      <SwitchField
        label={t('designer.states.underline')}
        value={state.isUnderline}
        onChange={(isUnderline) => onChange({ isUnderline })}
      />
    </>
  );
}
