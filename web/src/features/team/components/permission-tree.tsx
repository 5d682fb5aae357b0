// Checkable permission tree (GET /userPrivileges), titled in the current language. Checking cascades down and
// up (a page needs its menu group); `locked` codes show checked and disabled (the role's, in the user dialog).
import { Empty, Spin, Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppState } from '@/lib/session';
import { usePermissionTree } from '../api/get-permission-tree';
import { indexPermissions, orderedCodes, permissionTreeData, toggleCode } from '../lib/tree';

interface PermissionTreeProps {
  value?: string[];
  onChange?: (codes: string[]) => void;
  locked?: readonly string[];
  disabled?: boolean;
  height?: number;
}

export function PermissionTree({
  value = [],
  onChange,
  locked = [],
  disabled,
  height = 360,
}: PermissionTreeProps) {
  const { t } = useTranslation();
  const language = useAppState((s) => s.language);
  const query = usePermissionTree();
  const nodes = useMemo(() => query.data ?? [], [query.data]);
  const lockedSet = useMemo(() => new Set(locked), [locked]);
  const index = useMemo(() => indexPermissions(nodes), [nodes]);
  const treeData = useMemo(
    () => permissionTreeData(nodes, language, lockedSet),
    [nodes, language, lockedSet],
  );
  const checked = useMemo(() => [...new Set([...value, ...locked])], [value, locked]);

  if (query.isPending) {
    return (
      <div className="team-tree__state">
        <Spin />
      </div>
    );
  }
  if (nodes.length === 0) {
    return (
      <Empty
        className="team-tree__state"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('team.permission.empty')}
      />
    );
  }
  return (
    <Tree
      className="team-permission-tree"
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      disabled={disabled}
      height={height}
      treeData={treeData}
      checkedKeys={checked}
      onCheck={(_keys, info) => {
        const next = toggleCode(index, new Set(value), info.node.key, info.checked, lockedSet);
        for (const c of locked) next.delete(c);
        onChange?.(orderedCodes(nodes, next));
      }}
    />
  );
}
