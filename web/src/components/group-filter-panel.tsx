// The group filter beside a list (a boxed group list, components/group-list): every item, those in no group, then
// the groups in the order given, each with its count; where the caller may manage them, create, rename and delete
// (asked first). A refused delete (a group that still holds something, as 202301 for the dashboard groups) shows
// the server's text; deleting the group shown falls back to every item. The dashboards page and the report list use
// it, each with its own texts and calls.
import { AppstoreOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { GroupItemActions } from './group-item-actions';
import { GroupList, GroupListHead, GroupListItem, GroupListState } from './group-list';

/** The list's group: undefined every item, 0 those in no group, else a group's id. */
export type GroupFilter = number | undefined;

/** What the panel needs of a group; the caller's count comes from `count`. */
export interface FilterGroup {
  id: number;
  name: string;
}

export interface GroupFilterPanelTexts {
  /** The panel's title and the list's accessible name. */
  title: string;
  all: string;
  none: string;
  /** The "new group" button's label. */
  create: string;
  loadFailed: string;
  retry: string;
  /** The rename button's tooltip. */
  edit: string;
  editNamed: (name: string) => string;
  deleteConfirm: (name: string) => string;
  /** Under the delete question: what deleting does or when it is refused. */
  deleteHint: string;
  /** The delete confirm's OK text. */
  delete: string;
  deleteNamed: (name: string) => string;
  deleted: string;
  /** Shown when a delete fails without the server's text. */
  deleteFailed: string;
}

export interface GroupFilterActions<G extends FilterGroup> {
  onCreate: () => void;
  onRename: (group: G) => void;
  /** Deletes the group; rejects with the server's refusal, which the panel shows (the call should be silent). */
  onDelete: (group: G) => Promise<unknown>;
}

export interface GroupFilterPanelProps<G extends FilterGroup> {
  /** The caller's class beside `group-box` (its width and phone layout). */
  className: string;
  groups: readonly G[];
  /** The figure after a group's name. */
  count: (group: G) => number;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  selected: GroupFilter;
  onSelect: (group: GroupFilter) => void;
  /** Absent: the caller may not change the groups (no add button, no item actions). */
  actions?: GroupFilterActions<G> | undefined;
  texts: GroupFilterPanelTexts;
}

export function GroupFilterPanel<G extends FilterGroup>({
  className,
  groups,
  count,
  loading,
  error,
  onRetry,
  selected,
  onSelect,
  actions,
  texts,
}: GroupFilterPanelProps<G>) {
  const remove = (group: G) => {
    if (!actions) return;
    actions.onDelete(group).then(
      () => {
        toast.success(texts.deleted);
        if (selected === group.id) onSelect(undefined);
      },
      (e: unknown) => toast.error(isApiError(e) ? e.detail : texts.deleteFailed),
    );
  };

  const fixed = (key: string, value: GroupFilter, icon: ReactNode, label: string) => (
    <GroupListItem
      key={key}
      block="group-box"
      selected={selected === value}
      onSelect={() => onSelect(value)}
      icon={icon}
    >
      <span className="group-box__name">{label}</span>
    </GroupListItem>
  );

  return (
    <div className={`group-box ${className}`}>
      <GroupListHead
        block="group-box"
        title={texts.title}
        addLabel={texts.create}
        onAdd={actions?.onCreate}
      />
      <GroupListState
        loading={loading}
        error={error}
        rows={4}
        failedText={texts.loadFailed}
        retryText={texts.retry}
        onRetry={onRetry}
      >
        <GroupList block="group-box" label={texts.title}>
          {fixed('all', undefined, <AppstoreOutlined />, texts.all)}
          {fixed('none', 0, <FolderOpenOutlined />, texts.none)}
          {groups.map((g) => (
            <GroupListItem
              key={g.id}
              block="group-box"
              selected={selected === g.id}
              onSelect={() => onSelect(g.id)}
              icon={<FolderOutlined />}
              actions={
                actions && (
                  <GroupItemActions
                    texts={{
                      edit: texts.edit,
                      editNamed: texts.editNamed(g.name),
                      deleteConfirm: texts.deleteConfirm(g.name),
                      deleteHint: texts.deleteHint,
                      delete: texts.delete,
                      deleteNamed: texts.deleteNamed(g.name),
                    }}
                    onEdit={() => actions.onRename(g)}
                    onDelete={() => remove(g)}
                  />
                )
              }
            >
              <span className="group-box__name" title={g.name}>
                {g.name}
              </span>
              <Typography.Text type="secondary" className="group-box__count">
                {count(g)}
              </Typography.Text>
            </GroupListItem>
          ))}
        </GroupList>
      </GroupListState>
    </div>
  );
}
