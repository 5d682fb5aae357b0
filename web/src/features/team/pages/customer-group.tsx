// User groups (/team/customerGroup, P51000 or a secondary administrator): the group tree on the left (create
// child, rename, delete), the selected group's members on the right, and moving users into a group.
import { DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCan } from '@/components/can';
import { useSession } from '@/lib/session';
import { PageHeader } from '@/components/page-header';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { Perm } from '@/lib/permissions';
import { param, useClampPage, useListParams, type ParamSpec } from '@/lib/route-params';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/list-groups';
import { useUsers } from '../api/list-users';
import { GroupNameModal, type GroupEdit } from '../components/group-name-modal';
import { MoveUsersModal } from '../components/move-users-modal';
import { UserTable } from '../components/user-table';
import { findGroup, flattenGroups, groupTreeData, type GroupTreeItem } from '../lib/tree';
import type { UserOut } from '../types';
import '../team.css';

/** The selected group and its members' page in the URL. */
const LIST_PARAMS: ParamSpec<{ group_id?: number }> = { group_id: param.id };

export default function CustomerGroupPage() {
  const { t } = useTranslation();
  // A secondary administrator holds P51000 too, but only ever adds groups below their own (the server refuses roots).
  const isGroupManager = useSession((s) => s.roles.includes('administrator2'));
  const canCreateRoot = useCan(Perm.USER_GROUP) && !isGroupManager;
  const groups = useGroups();
  const all = useMemo(() => groups.data ?? [], [groups.data]);
  const list = useListParams(LIST_PARAMS);
  const selectedId = list.params.group_id ?? null;
  // The first group until the user picks one (a secondary administrator sees their own group first).
  const selected = (selectedId === null ? undefined : findGroup(all, selectedId)) ?? all[0] ?? null;
  const page = { page: list.params.page, page_size: list.params.page_size };
  const members = useUsers({ ...page, group_id: selected?.id ?? 0 }, selected !== null);
  useClampPage(list, members.data?.total);
  const remove = useDeleteGroup();
  const [edit, setEdit] = useState<GroupEdit | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  const [selectedRows, setSelectedRows] = useState<UserOut[]>([]);
  const treeData = useMemo(() => groupTreeData(all), [all]);
  // Every group starts expanded (new ones too); the user may collapse some.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const expandedKeys = useMemo(
    () =>
      flattenGroups(all)
        .map((g) => g.id)
        .filter((id) => !collapsed.has(id)),
    [all, collapsed],
  );

  const select = (id: number) => {
    list.filter({ group_id: id });
    setSelectedRows([]);
  };
  const openEdit = (next: GroupEdit) => {
    setEdit(next);
    setEditOpen(true);
  };

  const nodeTitle = (node: GroupTreeItem) => {
    const group = findGroup(all, node.key);
    if (!group) return node.title;
    return (
      <span className="team-groups__node">
        <span className="team-groups__name">
          {group.name} <span className="team-groups__count">({group.user_count})</span>
        </span>
        <span className="team-groups__node-actions">
          <Tooltip title={t('team.group.createChild')}>
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              aria-label={t('team.group.createChild')}
              onClick={(e) => {
                e.stopPropagation();
                openEdit({ mode: 'create', parent: group });
              }}
            />
          </Tooltip>
          <Tooltip title={t('team.group.rename')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('team.group.rename')}
              onClick={(e) => {
                e.stopPropagation();
                openEdit({ mode: 'rename', group });
              }}
            />
          </Tooltip>
          <Popconfirm
            title={t('team.group.deleteConfirm', { name: group.name })}
            description={t('team.group.deleteHint')}
            okText={t('team.action.delete')}
            cancelText={t('common.action.cancel')}
            okButtonProps={{ danger: true }}
            onPopupClick={(e) => e.stopPropagation()}
            onConfirm={(e) => {
              e?.stopPropagation();
              remove.mutate(group.id, {
                onSuccess: () => {
                  if (selected?.id === group.id) list.filter({ group_id: undefined });
                },
              });
            }}
          >
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('team.action.delete')}
              onClick={(e) => e.stopPropagation()}
            />
          </Popconfirm>
        </span>
      </span>
    );
  };

  return (
    <div className="page">
      <PageHeader
        title={t('menu.customerGroup')}
        subTitle={t('team.group.subtitle')}
        extra={
          <Button icon={<SwapOutlined />} disabled={all.length === 0} onClick={() => setMoveOpen(true)}>
            {t('team.group.moveUsers')}
          </Button>
        }
      />
      <div className="team-groups">
        <Card
          className="team-groups__tree"
          title={t('team.group.treeTitle')}
          extra={
            canCreateRoot && (
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => openEdit({ mode: 'create', parent: null })}
              >
                {t('team.group.create')}
              </Button>
            )
          }
        >
          {groups.isPending ? (
            <div className="team-tree__state">
              <Spin />
            </div>
          ) : all.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.group.empty')} />
          ) : (
            <Tree<GroupTreeItem>
              blockNode
              showLine
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(_keys, info) =>
                setCollapsed((c) => {
                  const next = new Set(c);
                  if (info.expanded) next.delete(info.node.key);
                  else next.add(info.node.key);
                  return next;
                })
              }
              selectedKeys={selected ? [selected.id] : []}
              onSelect={(keys) => {
                const [key] = keys;
                if (typeof key === 'number') select(key);
              }}
              titleRender={nodeTitle}
            />
          )}
        </Card>
        <Card
          title={
            selected ? (
              <Space size={8}>
                <span>{selected.name}</span>
                <Typography.Text type="secondary" className="team-groups__count">
                  {t('team.group.memberCount', { count: members.data?.total ?? selected.user_count })}
                </Typography.Text>
              </Space>
            ) : (
              t('team.group.members')
            )
          }
          extra={
            selected && (
              <Button type="primary" size="small" icon={<SwapOutlined />} onClick={() => setMoveOpen(true)}>
                {selectedRows.length > 0
                  ? t('team.group.moveSelected', { count: selectedRows.length })
                  : t('team.group.moveHere')}
              </Button>
            )
          }
        >
          {selected ? (
            <UserTable
              compact
              users={members.data?.items ?? []}
              loading={members.isPending || (members.isFetching && members.isPlaceholderData)}
              emptyText={t('team.group.noMembers')}
              rowSelection={{
                selectedRowKeys: selectedRows.map((u) => u.id),
                onChange: (_keys, rows) => setSelectedRows(rows),
              }}
              pagination={{
                current: page.page,
                pageSize: page.page_size,
                pageSizeOptions: PAGE_SIZE_OPTIONS,
                total: members.data?.total ?? 0,
                showSizeChanger: true,
                showTotal: (total) => t('team.pagination.total', { total }),
              }}
              onChange={(p) => {
                list.setPage(p.current ?? 1, p.pageSize);
              }}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.group.selectHint')} />
          )}
        </Card>
      </div>
      <GroupNameModal
        open={editOpen}
        edit={edit}
        onClose={() => setEditOpen(false)}
        onCreated={(group) => select(group.id)}
      />
      <MoveUsersModal
        open={moveOpen}
        users={selectedRows}
        // Moving the selected members means moving them elsewhere; otherwise users are moved here.
        targetGroupId={selectedRows.length > 0 ? null : (selected?.id ?? null)}
        onClose={() => setMoveOpen(false)}
        onMoved={() => setSelectedRows([])}
      />
    </div>
  );
}
