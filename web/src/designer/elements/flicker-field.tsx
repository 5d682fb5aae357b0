// The flicker section of a settings form (SPEC §4, §5): type none / background / text and the period in seconds.
// "none" disables the period and shows `--`; a cleared period becomes 0.01; a period outside 0.01–1000 is clamped.
import { useTranslation } from 'react-i18next';

import { FLICKER_FREQUENCY_MAX, FLICKER_FREQUENCY_MIN } from '@/types/limits.gen';

import type { Flicker, FlickerType } from '../model/types';
import { FieldSection, NumberField, SelectField } from './form';
import type { SettingsFormProps } from './types';
import { flickerFrequency } from './flicker';

const TYPES: readonly FlickerType[] = ['none', 'background', 'text'];

interface FlickerFieldProps {
  value: Flicker;
  onChange: (value: Flicker) => void;
}

export function FlickerField({ value, onChange }: FlickerFieldProps) {
  const { t } = useTranslation();
  const none = value.flickerType === 'none';
  return (
    <div className="iot-prop-inline">
      <div style={{ flex: 1, minWidth: 0 }}>
        <SelectField<FlickerType>
          label={t('designer.flicker.type')}
          value={value.flickerType}
          options={TYPES.map((type) => ({ value: type, label: t(`designer.flicker.types.${type}`) }))}
          onChange={(flickerType) => onChange({ ...value, flickerType: flickerType ?? 'none' })}
        />
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <NumberField
          label={t('designer.flicker.frequency')}
          value={value.flickerFrequency}
          min={FLICKER_FREQUENCY_MIN}
          max={FLICKER_FREQUENCY_MAX}
          emptyValue={FLICKER_FREQUENCY_MIN}
          step={0.1}
          disabled={none}
          placeholder={none ? '--' : undefined}
          addonAfter={t('designer.flicker.seconds')}
          onChange={(raw) => onChange({ ...value, flickerFrequency: flickerFrequency(raw) })}
        />
      </div>
    </div>
  );
}

/** The element's own flicker as a settings section (in force while no state shows). */
export function FlickerSection({ element, onChange }: Pick<SettingsFormProps, 'element' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <FieldSection title={t('designer.flicker.title')}>
      <FlickerField value={element.flicker} onChange={(flicker) => onChange({ flicker })} />
    </FieldSection>
  );
}
