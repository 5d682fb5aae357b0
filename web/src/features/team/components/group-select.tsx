// Group picker (TreeSelect over GET /yun/user/group).
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useGroupOptions } from '../api/list-groups';
import { groupTreeData } from '../lib/tree';

interface GroupSelectProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabledIds?: readonly number[];
  id?: string;
  className?: string;
}

export function GroupSelect({
  value,
  onChange,
  placeholder,
  allowClear = true,
  disabledIds = [],
  id,
  className,
}: GroupSelectProps) {
  const { t } = useTranslation();
  const groups = useGroupOptions();
  const treeData = useMemo(() => {
    const mark = (items: ReturnType<typeof groupTreeData>): ReturnType<typeof groupTreeData> =>
      items.map((i) => ({
        ...i,
        ...(disabledIds.includes(i.key) ? { disabled: true } : {}),
        ...(i.children ? { children: mark(i.children) } : {}),
      }));
    return mark(groupTreeData(groups.data ?? []));
  }, [groups.data, disabledIds]);
  return (
    <TreeSelect
      id={id}
      className={className}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      treeData={treeData}
      treeDefaultExpandAll
      allowClear={allowClear}
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={groups.isPending}
      placeholder={placeholder ?? t('team.user.field.groupPlaceholder')}
      notFoundContent={t('team.group.empty')}
    />
  );
}
