// A select of the tenant's device groups, searched by name; the default group's built-in name is translated.
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

import { DEVICE_GROUPS_KEY, listPickerDeviceGroups, type PickerDeviceGroup } from './picker-api';

/** The server names the default group "默认分组"; shown translated unless the tenant renamed it. */
export const DEFAULT_DEVICE_GROUP_NAME = '默认分组';

export function deviceGroupLabel(
  group: Pick<PickerDeviceGroup, 'name' | 'is_default'>,
  defaultLabel: string,
): string {
  return group.is_default && group.name === DEFAULT_DEVICE_GROUP_NAME ? defaultLabel : group.name;
}

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
      options={(groups.data ?? []).map((g) => ({
        value: g.id,
        label: deviceGroupLabel(g, t('common.picker.defaultDeviceGroup')),
      }))}
    />
  );
}
