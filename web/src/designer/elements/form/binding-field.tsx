// A binding to one of the template's data sources (never a device: DESIGN §7). A binding whose data source is gone
// (deleted from the template) stays visible as broken, so the user sees what publish will refuse, and can be
// cleared or rebound.
import { Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { Binding } from '../../model/types';
import type { DataSourceOption } from '../types';
import { FieldRow } from './field';

interface BindingFieldProps {
  label: string;
  value: Binding | undefined;
  dataSources: readonly DataSourceOption[];
  /** Only writable sources (a control's write target). */
  writableOnly?: boolean;
  onChange: (binding: Binding | null) => void;
}

/** Whether a binding names a data source the template no longer has. */
export function isBrokenBinding(
  binding: Binding | undefined,
  dataSources: readonly DataSourceOption[],
): boolean {
  return binding !== undefined && !dataSources.some((source) => source.id === binding.data_source_id);
}

export function BindingField({ label, value, dataSources, writableOnly, onChange }: BindingFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const broken = isBrokenBinding(value, dataSources);
  const options = dataSources
    .filter((source) => !writableOnly || source.writable)
    .map((source) => ({
      value: source.id,
      label: source.unit ? `${source.name} (${source.unit})` : source.name,
    }));
  if (value && broken) {
    options.unshift({
      value: value.data_source_id,
      label: t('designer.form.bindingBroken', { id: value.data_source_id }),
    });
  }
  return (
    <FieldRow
      label={label}
      htmlFor={id}
      extra={
        broken ? (
          <span className="iot-prop-field__extra--error">{t('designer.form.bindingBrokenHint')}</span>
        ) : undefined
      }
    >
      <Select<number>
        id={id}
        size="small"
        value={value?.data_source_id}
        options={options}
        placeholder={t('designer.form.bindingNone')}
        status={broken ? 'error' : undefined}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={t('designer.form.bindingEmpty')}
        // antd gives undefined when cleared, whatever its type says.
        onChange={(next: number | undefined) =>
          onChange(next === undefined ? null : { data_source_id: next })
        }
      />
    </FieldRow>
  );
}
