// What a card shows in place of its widget: nothing chosen yet (info), nothing to show (empty), what it names is gone
// (missing: the report, the dashboard), or a failure; one line of title, an optional hint and action. Coloured by
// the dashboard theme's variables (view/themes.ts), so it reads on every theme.
import {
  ExclamationCircleOutlined,
  InboxOutlined,
  InfoCircleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

import './widgets.css';

export type CardMessageKind = 'info' | 'empty' | 'missing' | 'error';

const ICONS = {
  info: InfoCircleOutlined,
  empty: InboxOutlined,
  missing: WarningOutlined,
  error: ExclamationCircleOutlined,
} as const;

export interface CardMessageProps {
  kind: CardMessageKind;
  title: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
}

export function CardMessage({ kind, title, hint, action }: CardMessageProps) {
  const Icon = ICONS[kind];
  return (
    <div className={`dbw-message dbw-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon className="dbw-message__icon" aria-hidden />
      <div className="dbw-message__title">{title}</div>
      {hint && <div className="dbw-message__hint">{hint}</div>}
      {action}
    </div>
  );
}
