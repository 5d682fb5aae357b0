// A row's actions, compact: the first one or two as links, the rest in a "more" menu; an action may ask first.
import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import './table.css';

export interface RowAction {
  key: string;
  label: string;
  /** Opens this address (a link) instead of calling onClick. */
  to?: string;
  onClick?: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Why the action is disabled, shown on hover. */
  disabledReason?: string;
  loading?: boolean;
  icon?: ReactNode;
  /** Always in the "more" menu, never a link (rare or destructive actions). */
  menu?: boolean;
  /** Asks first (a confirmation dialog), then runs onClick. */
  confirm?: { title: ReactNode; content?: ReactNode; okText: string };
}

interface RowActionsProps {
  /** In order of importance; false, null and undefined entries are left out (conditional actions). */
  actions: readonly (RowAction | false | null | undefined)[];
  /** How many are shown as links before the "more" menu. */
  inline?: number;
  /** Accessible name of the "more" button (name the row: "More actions for IOT01"). */
  moreLabel: string;
}

/** Splits the actions into the links shown (the first `inline` that may be links) and those in the menu. */
export function splitActions<T extends { menu?: boolean }>(
  actions: readonly T[],
  inline: number,
): { shown: T[]; more: T[] } {
  const shown: T[] = [];
  const more: T[] = [];
  for (const action of actions) {
    if (!action.menu && shown.length < inline) shown.push(action);
    else more.push(action);
  }
  return { shown, more };
}

export function RowActions({ actions, inline = 2, moreLabel }: RowActionsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const present = actions.filter((a): a is RowAction => Boolean(a));
  const { shown, more } = splitActions(present, inline);

  const run = (action: RowAction) => {
    if (!action.confirm) {
      action.onClick?.();
      return;
    }
    void modal.confirm({
      title: action.confirm.title,
      content: action.confirm.content,
      okText: action.confirm.okText,
      okButtonProps: { danger: action.danger === true },
      cancelText: t('common.action.cancel'),
      onOk: action.onClick,
    });
  };

  const link = (action: RowAction) => {
    const control =
      action.to && !action.disabled ? (
        <Link key={action.key} to={action.to} className="row-actions__link">
          {action.label}
        </Link>
      ) : (
        <Button
          key={action.key}
          type="link"
          size="small"
          danger={action.danger}
          disabled={action.disabled}
          loading={action.loading}
          onClick={() => run(action)}
        >
          {action.label}
        </Button>
      );
    return action.disabled && action.disabledReason ? (
      <Tooltip key={action.key} title={action.disabledReason}>
        <span>{control}</span>
      </Tooltip>
    ) : (
      control
    );
  };

  const items: MenuProps['items'] = more.map((action) => ({
    key: action.key,
    label: action.to && !action.disabled ? <Link to={action.to}>{action.label}</Link> : action.label,
    icon: action.icon,
    danger: action.danger,
    disabled: action.disabled,
    title: action.disabled ? action.disabledReason : undefined,
  }));

  return (
    <span className="row-actions">
      {shown.map(link)}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key }) => {
              const action = more.find((a) => a.key === key);
              if (action && !action.to) run(action);
            },
          }}
        >
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={moreLabel} />
        </Dropdown>
      )}
    </span>
  );
}
