// A selectable list of groups (a listbox of options): each item an icon, a body and actions that do not select it;
// Enter or Space selects like a click. The caller's block class styles it (`${block}__list`, `__item`, …); the block
// `group-box` (group-list.css) is the boxed list beside a table or a grid that more than one page draws.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton, Tooltip, Typography } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';

import './group-list.css';

/** Runs the action on Enter or Space pressed on the item itself (a focused list item acts like a button). */
export function onEnter(action: () => void) {
  return (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      action();
    }
  };
}

export function GroupList({ block, label, children }: { block: string; label: string; children: ReactNode }) {
  return (
    <ul className={`${block}__list`} role="listbox" aria-label={label}>
      {children}
    </ul>
  );
}

export interface GroupListItemProps {
  block: string;
  selected: boolean;
  onSelect: () => void;
  icon: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}

export function GroupListItem({ block, selected, onSelect, icon, children, actions }: GroupListItemProps) {
  return (
    <li
      role="option"
      aria-selected={selected}
      tabIndex={0}
      className={`${block}__item${selected ? ` ${block}__item--active` : ''}`}
      onClick={onSelect}
      onKeyDown={onEnter(onSelect)}
    >
      <span className={`${block}__icon`}>{icon}</span>
      <span className={`${block}__body`}>{children}</span>
      {actions && (
        <span
          className={`${block}__actions`}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          {actions}
        </span>
      )}
    </li>
  );
}

/** The "new group" button of a group list's header: an icon, its label as tooltip and accessible name. */
export function GroupAddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={<PlusOutlined />} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/** A boxed group list's header: its title, and the "new group" button where the caller may add (onAdd given). */
export function GroupListHead({
  block,
  title,
  addLabel,
  onAdd,
}: {
  block: string;
  title: string;
  addLabel: string;
  onAdd?: (() => void) | undefined;
}) {
  return (
    <div className={`${block}__head`}>
      <Typography.Text strong>{title}</Typography.Text>
      {onAdd && <GroupAddButton label={addLabel} onClick={onAdd} />}
    </div>
  );
}

export interface GroupListStateProps {
  loading: boolean;
  error: boolean;
  /** Skeleton lines while loading. */
  rows: number;
  failedText: string;
  retryText: string;
  onRetry: () => void;
  children: ReactNode;
}

/** A group list while it loads, once it failed (with a retry), or else the list itself. */
export function GroupListState({
  loading,
  error,
  rows,
  failedText,
  retryText,
  onRetry,
  children,
}: GroupListStateProps) {
  if (loading) return <Skeleton active paragraph={{ rows }} title={false} />;
  if (error)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failedText}>
        <Button size="small" onClick={onRetry}>
          {retryText}
        </Button>
      </Empty>
    );
  return <>{children}</>;
}
