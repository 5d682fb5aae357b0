// The header's bell: unconfirmed alarms plus unread messages as one badge; a click opens a tab of each: the latest
// unconfirmed alarms (each a link to its device, the way on to the real-time alarm page) and the latest unread
// messages (each marked read as it is opened, all at once, the way on to the inbox). A tab shows only with its right:
// the alarm list P73000, the inbox P71000. The popover and its panel (bell-panel.tsx) load when the bell is first
// pointed at or focused, and open with its first click.
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { BellSection } from './bell-panel';

const loadPanel = () => import('./bell-panel');
const BellPopover = lazy(loadPanel);

interface AlarmBellProps {
  /** Unconfirmed alarms (the header's live count; 0 when the user may not count them). */
  alarms: number;
  /** Unread messages (0 without the inbox's right). */
  messages: number;
  showBadge: boolean;
  /** Whether the user may count alarms (P10000 or P73000): the label names the alarms then. */
  countsAlarms: boolean;
  /** May open the real-time alarm list (P73000): the alarms tab. */
  canListAlarms: boolean;
  /** May read the inbox (P71000): the messages tab, and the messages in the count. */
  canReadMessages: boolean;
}

export function AlarmBell({
  alarms,
  messages,
  showBadge,
  countsAlarms,
  canListAlarms,
  canReadMessages,
}: AlarmBellProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Set by the first click: from then on the button is the popover's trigger.
  const [wanted, setWanted] = useState(false);
  // That first click swaps the button for the popover's own (a new element, twice: while the popover loads, then in
  // it): the focus the button had follows it, until the popover closes.
  const keepFocus = useRef(false);
  const buttonRef = useCallback((node: HTMLButtonElement | null) => {
    if (node && keepFocus.current && document.activeElement !== node) node.focus();
  }, []);
  useEffect(() => {
    if (!open) keepFocus.current = false;
  }, [open]);
  const sections: BellSection[] = [];
  if (canListAlarms) sections.push('alarms');
  if (canReadMessages) sections.push('messages');
  const count = (countsAlarms ? alarms : 0) + (canReadMessages ? messages : 0);
  let label: string;
  if (canReadMessages && countsAlarms) label = t('layout.bell.label', { alarms, messages });
  else if (canReadMessages) label = t('layout.bell.labelMessages', { count: messages });
  else label = t('layout.bell.labelAlarms', { count: alarms });
  const prefetch = () => {
    void loadPanel();
  };
  const button = (
    <Button
      ref={buttonRef}
      type="text"
      aria-label={label}
      {...(wanted
        ? {}
        : {
            onPointerEnter: prefetch,
            onFocus: prefetch,
            onClick: (event: MouseEvent<HTMLElement>) => {
              keepFocus.current = document.activeElement === event.currentTarget;
              setWanted(true);
              setOpen(true);
            },
          })}
      aria-haspopup={sections.length > 0 ? 'dialog' : undefined}
      aria-expanded={sections.length > 0 ? open : undefined}
      icon={
        <Badge count={showBadge ? count : 0} size="small" overflowCount={99}>
          <BellOutlined className="app-header__bell" />
        </Badge>
      }
    />
  );
  if (sections.length === 0) return <Tooltip title={label}>{button}</Tooltip>;
  let title = t('layout.bell.title');
  if (sections.length === 1)
    title = sections[0] === 'alarms' ? t('layout.bell.alarmsTitle') : t('layout.bell.messagesTitle');
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <BellPopover
        open={open}
        onOpenChange={setOpen}
        title={title}
        sections={sections}
        alarms={alarms}
        messages={messages}
      >
        {button}
      </BellPopover>
    </Suspense>
  );
}
