// A tree select of the tenant's user groups (subgroups under their group), single or multiple: the dashboard
// audience.
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

import type { GroupNode } from '@/lib/team/types';
import { listPickerUserGroups, USER_GROUP_PICKER_KEY } from './picker-api';

interface GroupOption {
  value: number;
  title: string;
  children?: GroupOption[];
}

function toTree(groups: readonly GroupNode[]): GroupOption[] {
  return groups.map((g) => ({
    value: g.id,
    title: g.name,
    ...(g.children.length > 0 ? { children: toTree(g.children) } : {}),
  }));
}

export type UserGroupPickerProps<V> = Omit<TreeSelectProps<V>, 'treeData' | 'loading'> & {
  /** Ask the server only while true (a closed dialog asks nothing). */
  enabled?: boolean;
};

export function UserGroupPicker<V = number[]>({ enabled = true, ...props }: UserGroupPickerProps<V>) {
  const { t } = useTranslation();
  const groups = useQuery({
    queryKey: USER_GROUP_PICKER_KEY,
    queryFn: listPickerUserGroups,
    staleTime: 60_000,
    enabled,
  });
  return (
    <TreeSelect<V>
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={t('common.picker.userGroupPlaceholder')}
      notFoundContent={groups.isFetching ? t('common.picker.searching') : t('common.picker.noUserGroup')}
      {...props}
      loading={groups.isFetching}
      treeData={toTree(groups.data ?? [])}
    />
  );
}
