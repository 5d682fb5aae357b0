// A picker of a device's data sources from a list the caller already holds, searched by name, single or multiple.
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a data-source picker shows of a data source. */
export interface PickerDataSource {
  id: number;
  name: string;
  unit?: string | null;
}

/** "name (unit)", or the name alone. */
export function dataSourceLabel(s: PickerDataSource): string {
  return s.unit ? `${s.name} (${s.unit})` : s.name;
}

export type DataSourcePickerProps<V> = Omit<SelectProps<V>, 'options' | 'showSearch'> & {
  sources: readonly PickerDataSource[];
};

export function DataSourcePicker<V = number | number[]>({ sources, ...props }: DataSourcePickerProps<V>) {
  const { t } = useTranslation();
  return (
    <Select<V>
      allowClear
      notFoundContent={t('common.picker.noDataSource')}
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      options={sources.map((s) => ({ value: s.id, label: dataSourceLabel(s) }))}
    />
  );
}
