// A selectable list of groups (a listbox of options): each item an icon, a body and actions that do not select it;
// Enter or Space selects like a click. The caller's block class styles it (`${block}__list`, `__item`, …).
import type { KeyboardEvent, ReactNode } from 'react';

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
