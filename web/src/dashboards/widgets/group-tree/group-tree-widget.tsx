// The group tree widget: the device groups (the source's: GET /yun/dev/group, or a share link's
// /yun/shared/dashboard/groups; the default group first) under "all devices", each with its device count; clicking a
// group picks it for the cards that follow the group tree, "all devices" picks none (they show their own setting). The picked group is highlighted. A search narrows a long list by name.
import { SearchOutlined } from '@ant-design/icons';
import { Input, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorDetail } from '../../data/gone';
import { useDashboardSource } from '../../data/source';
import { WidgetFrame } from '../../data/theme';
import { ErrorState, WidgetState } from '../../data/widget-state';
import type { WidgetProps } from '../types';
import './group-tree.css';

export const ALL_KEY = 'all';
const groupKey = (id: number) => `g:${String(id)}`;

/** The search box shows from this many groups on. */
export const SEARCH_FROM = 8;

export default function GroupTreeWidget({ visible, linkage, theme }: WidgetProps<'groupTree'>) {
  const { t } = useTranslation();
  const groups = useDashboardSource().useGroups(visible);
  const [typed, setTyped] = useState('');
  const needle = typed.trim().toLowerCase();
  const list = useMemo(
    () => (groups.data ?? []).filter((g) => !needle || g.name.toLowerCase().includes(needle)),
    [groups.data, needle],
  );
  const total = useMemo(() => (groups.data ?? []).reduce((n, g) => n + g.device_count, 0), [groups.data]);
  const treeData: TreeDataNode[] = useMemo(
    () => [
      {
        key: ALL_KEY,
        title: (
          <span className="dw-groups__node">
            <span className="dw-groups__name">{t('dashboards.widgets.data.allDevices')}</span>
            <span className="dw-groups__count">{total}</span>
          </span>
        ),
        children: list.map((g) => ({
          key: groupKey(g.id),
          isLeaf: true,
          title: (
            <span className="dw-groups__node" data-group-id={g.id} title={g.notes || g.name}>
              <span className="dw-groups__name">{g.name}</span>
              <span className="dw-groups__count">{g.device_count}</span>
            </span>
          ),
        })),
      },
    ],
    [list, total, t],
  );

  let body;
  if (groups.isError && !groups.data)
    body = <ErrorState detail={errorDetail(groups.error)} onRetry={() => void groups.refetch()} />;
  else if (!groups.data) body = <WidgetState kind="loading" />;
  else if (groups.data.length === 0)
    body = <WidgetState kind="empty" title={t('dashboards.widgets.groupTree.empty')} />;
  else
    body = (
      <div className="dw-groups__scroll">
        <Tree
          blockNode
          defaultExpandAll
          expandedKeys={[ALL_KEY]}
          treeData={treeData}
          selectedKeys={[linkage.groupId === null ? ALL_KEY : groupKey(linkage.groupId)]}
          onSelect={(_, info) => {
            const key = String(info.node.key);
            linkage.setGroup(key === ALL_KEY ? null : Number(key.slice(2)));
          }}
        />
        {needle && list.length === 0 && (
          <div className="dw-note">{t('dashboards.widgets.groupTree.noMatch')}</div>
        )}
      </div>
    );

  return (
    <WidgetFrame theme={theme} className="dw-groups" testId="widget-groupTree">
      {(groups.data?.length ?? 0) >= SEARCH_FROM && (
        <Input
          className="dw-groups__search"
          size="small"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('dashboards.widgets.groupTree.search')}
          aria-label={t('dashboards.widgets.groupTree.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      )}
      {body}
    </WidgetFrame>
  );
}
