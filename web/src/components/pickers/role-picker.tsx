// A select of the tenant's roles, searched by name, single or multiple: the dashboard audience.
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

import { listPickerRoles, ROLE_PICKER_KEY } from './picker-api';

export type RolePickerProps<V> = Omit<SelectProps<V>, 'options' | 'loading'> & {
  /** Ask the server only while true (a closed dialog asks nothing). */
  enabled?: boolean;
};

export function RolePicker<V = number[]>({ enabled = true, ...props }: RolePickerProps<V>) {
  const { t } = useTranslation();
  const roles = useQuery({ queryKey: ROLE_PICKER_KEY, queryFn: listPickerRoles, staleTime: 60_000, enabled });
  return (
    <Select<V>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('common.picker.rolePlaceholder')}
      notFoundContent={roles.isFetching ? t('common.picker.searching') : t('common.picker.noRole')}
      {...props}
      loading={roles.isFetching}
      options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
    />
  );
}
