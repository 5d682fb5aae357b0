// The colour conditions of a value display or a tank: rows of range and colour, added and removed in order.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

import { ColourField, FieldSection, NumberField, useSettingPatch } from '../form';
import type { SettingsFormProps } from '../types';
import { readConditions, type ColourCondition } from './conditions';

const CONDITIONS_MAX = 16;

export function ConditionsField({ element, onChange }: Pick<SettingsFormProps, 'element' | 'onChange'>) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const conditions = readConditions(element.settings);
  const save = (next: ColourCondition[]) =>
    patch.setting(
      'conditions',
      next.map((c) => ({ ...c })),
    );
  const change = (index: number, part: Partial<ColourCondition>) =>
    save(conditions.map((condition, i) => (i === index ? { ...condition, ...part } : condition)));
  return (
    <FieldSection title={t('designer.form.conditions')}>
      {conditions.map((condition, index) => {
        const n = index + 1;
        return (
          // A condition has no id: its place in the list is its identity.
          <div key={index} className="iot-prop-inline" style={{ alignItems: 'flex-end' }}>
            <NumberField
              label={t('designer.form.conditionMin', { n })}
              value={condition.min}
              placeholder={t('designer.states.unbounded')}
              onChange={(min) => change(index, { min })}
            />
            <NumberField
              label={t('designer.form.conditionMax', { n })}
              value={condition.max}
              placeholder={t('designer.states.unbounded')}
              onChange={(max) => change(index, { max })}
            />
            <ColourField
              label={t('designer.form.conditionColour', { n })}
              value={condition.color}
              onChange={(color) => change(index, { color: color ?? '#000000' })}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('designer.form.conditionRemove', { n })}
              onClick={() => save(conditions.filter((_, i) => i !== index))}
            />
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={conditions.length >= CONDITIONS_MAX}
        onClick={() =>
          save([...conditions, { min: conditions.at(-1)?.max ?? 0, max: null, color: '#f53f3f' }])
        }
      >
        {t('designer.form.conditionAdd')}
      </Button>
    </FieldSection>
  );
}
