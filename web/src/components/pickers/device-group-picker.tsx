// A select of the tenant's device groups, searched by name (the default group shows its stored name, like every list).
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

import { DEVICE_GROUPS_KEY, listPickerDeviceGroups } from './picker-api';

export type DeviceGroupPickerProps<V> = Omit<SelectProps<V>, 'options' | 'loading'>;

export function DeviceGroupPicker<V = number>(props: DeviceGroupPickerProps<V>) {
  const { t } = useTranslation();
  const groups = useQuery({ queryKey: DEVICE_GROUPS_KEY, queryFn: listPickerDeviceGroups });
  return (
    <Select<V>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('common.picker.deviceGroupPlaceholder')}
      notFoundContent={groups.isPending ? t('common.picker.searching') : t('common.picker.noDeviceGroup')}
      {...props}
      loading={groups.isPending}
      options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}
