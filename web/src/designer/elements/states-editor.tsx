// The states section of a stateful element's settings form (SPEC §3 "Screen element state", §5): by value ranges or
// by bit, 2–255 states added, removed, reordered and duplicated (states-edit.ts), each with its look and its own
// flicker. One state's fields are open at a time, so a list of 255 stays short.
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ELEMENT_STATES_MAX, ELEMENT_STATES_MIN } from '@/types/limits.gen';

import type { ElementState, ElementStates } from '../model/types';
import { FLICKER_DEFAULT } from './flicker';
import { FlickerField } from './flicker-field';
import { FieldSection, NumberField, SelectField } from './form';
import { StateLookFields } from './state-look-fields';
import { addState, duplicateState, moveState, removeState, setStatesBy, updateState } from './states-edit';
import './states-editor.css';

interface StatesEditorProps {
  states: ElementStates;
  onChange: (states: ElementStates) => void;
}

function StateCondition({
  by,
  state,
  onChange,
}: {
  by: ElementStates['by'];
  state: ElementState;
  onChange: (change: Partial<ElementState>) => void;
}) {
  const { t } = useTranslation();
  if (by === 'bit') {
    return (
      <NumberField
        label={t('designer.states.bit')}
        value={state.bit ?? null}
        min={0}
        max={63}
        precision={0}
        emptyValue={0}
        onChange={(bit) => onChange({ bit })}
      />
    );
  }
  return (
    <div className="iot-prop-inline">
      <NumberField
        label={t('designer.states.min')}
        value={state.min ?? null}
        placeholder={t('designer.states.unbounded')}
        onChange={(min) => onChange({ min })}
      />
      <NumberField
        label={t('designer.states.max')}
        value={state.max ?? null}
        placeholder={t('designer.states.unbounded')}
        onChange={(max) => onChange({ max })}
      />
    </div>
  );
}

export function StatesEditor({ states, onChange }: StatesEditorProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(0);
  const count = states.items.length;
  const full = count >= ELEMENT_STATES_MAX;

  return (
    <FieldSection title={t('designer.states.title')}>
      <SelectField<ElementStates['by']>
        label={t('designer.states.by')}
        value={states.by}
        options={[
          { value: 'value', label: t('designer.states.byValue') },
          { value: 'bit', label: t('designer.states.byBit') },
        ]}
        onChange={(by) => onChange(setStatesBy(states, by ?? 'value'))}
      />
      <ol className="iot-states">
        {states.items.map((state, index) => {
          const name = t('designer.states.state', { n: index + 1 });
          const change = (patch: Partial<ElementState>) => onChange(updateState(states, index, patch));
          return (
            // A state has no id: its place in the list is its identity.
            <li key={index} className="iot-states__item">
              <div className="iot-states__head">
                <Button
                  size="small"
                  type="text"
                  className="iot-states__name"
                  aria-expanded={open === index}
                  onClick={() => setOpen(open === index ? -1 : index)}
                >
                  <span
                    className="iot-states__swatch"
                    style={{ background: state.backgroundColor ?? 'transparent' }}
                  />
                  {state.text ? `${name} · ${state.text}` : name}
                </Button>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('designer.states.up', { name })}
                  disabled={index === 0}
                  onClick={() => onChange(moveState(states, index, -1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('designer.states.down', { name })}
                  disabled={index === count - 1}
                  onClick={() => onChange(moveState(states, index, 1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<CopyOutlined />}
                  aria-label={t('designer.states.duplicate', { name })}
                  disabled={full}
                  onClick={() => onChange(duplicateState(states, index))}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('designer.states.remove', { name })}
                  disabled={count <= ELEMENT_STATES_MIN}
                  onClick={() => onChange(removeState(states, index))}
                />
              </div>
              {open === index && (
                <div className="iot-states__body">
                  <StateCondition by={states.by} state={state} onChange={change} />
                  <StateLookFields state={state} onChange={change} />
                  <FlickerField
                    value={{ ...FLICKER_DEFAULT, ...state.flicker }}
                    onChange={(flicker) => change({ flicker })}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={full}
        onClick={() => {
          onChange(addState(states));
          setOpen(count);
        }}
      >
        {t('designer.states.add', { count, max: ELEMENT_STATES_MAX })}
      </Button>
    </FieldSection>
  );
}
