// The sections every stateful element's settings form ends with: the data source that picks the state (binding key
// `value`, STATE_BINDING), the states themselves (optional for an element that also stands without, like a text),
// and the element's own flicker, in force while no state shows.
import { useTranslation } from 'react-i18next';

import { FlickerSection } from './flicker-field';
import { BindingField, FieldSection, SwitchField, useSettingPatch } from './form';
import { StatesEditor } from './states-editor';
import { defaultStates } from './states-edit';
import { STATE_BINDING } from './states';
import type { SettingsFormProps } from './types';

interface StatefulSectionsProps extends SettingsFormProps {
  /** The element always has states (an indicator, a symbol); otherwise a switch turns them on and off. */
  required?: boolean;
  /** The element's flicker section; false where nothing flickers (a dashboard's 3D model card). Default true. */
  flicker?: boolean;
}

export function StatefulSections({
  element,
  dataSources,
  onChange,
  required,
  flicker = true,
}: StatefulSectionsProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const states = element.states ?? (required ? defaultStates() : null);
  return (
    <>
      <FieldSection title={t('designer.form.data')}>
        <BindingField
          label={t('designer.form.stateSource')}
          value={element.bindings[STATE_BINDING]}
          dataSources={dataSources}
          onChange={(binding) => patch.binding(STATE_BINDING, binding)}
        />
        {!required && (
          <SwitchField
            label={t('designer.states.use')}
            value={states !== null}
            onChange={(on) => onChange({ states: on ? defaultStates() : null })}
          />
        )}
      </FieldSection>
      {states && <StatesEditor states={states} onChange={(next) => onChange({ states: next })} />}
      {flicker && <FlickerSection element={element} onChange={onChange} />}
    </>
  );
}
