// The header's alarm bell: the unconfirmed count as a badge; a click opens the latest unconfirmed alarms, each one a
// link to its device, with the way on to the real-time alarm page.
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Spin, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { AlarmLevelTag } from '@/components/alarms/alarm-tags';
import { useRealtimeAlarms } from '@/lib/alarms/list-realtime-alarms';
import type { AlarmOut } from '@/lib/alarms/types';

/** How many of the latest unconfirmed alarms the bell lists. */
export const BELL_ALARMS = 5;

interface AlarmBellProps {
  /** Unconfirmed alarms (the header's live count). */
  count: number;
  showBadge: boolean;
  /** May open the real-time alarm list (P73000); without it the bell only counts. */
  canList: boolean;
}

function BellItem({ alarm, onOpen }: { alarm: AlarmOut; onOpen: () => void }) {
  return (
    <li className="alarm-bell__item">
      <AlarmLevelTag level={alarm.alarm_level} />
      <div className="alarm-bell__body">
        <Link to={`/deviceDetail/${String(alarm.device_id)}`} onClick={onOpen} className="alarm-bell__name">
          {alarm.alarm_name}
        </Link>
        <Typography.Text type="secondary" ellipsis className="alarm-bell__meta">
          {`${alarm.dev_alias || alarm.sn_code} · ${dayjs(alarm.alarm_time).format('MM-DD HH:mm:ss')}`}
        </Typography.Text>
      </div>
    </li>
  );
}

function BellPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alarms = useRealtimeAlarms({ page: 1, page_size: BELL_ALARMS });
  const items = alarms.data?.items ?? [];
  let body;
  if (alarms.isPending) body = <Spin className="alarm-bell__state" />;
  else if (alarms.isError)
    body = <Typography.Text type="danger">{t('telemetry.alarm.loadFailed')}</Typography.Text>;
  else if (items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.bell.empty')} />;
  else
    body = (
      <ul className="alarm-bell__list">
        {items.map((alarm) => (
          <BellItem key={alarm.id} alarm={alarm} onOpen={onClose} />
        ))}
      </ul>
    );
  return (
    <div className="alarm-bell">
      {body}
      <Button
        type="link"
        block
        className="alarm-bell__all"
        onClick={() => {
          onClose();
          void navigate('/info/realTimeFault');
        }}
      >
        {t('layout.bell.all', { count: alarms.data?.total ?? 0 })}
      </Button>
    </div>
  );
}

export function AlarmBell({ count, showBadge, canList }: AlarmBellProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      type="text"
      aria-label={t('layout.header.alarms')}
      aria-haspopup={canList ? 'dialog' : undefined}
      aria-expanded={canList ? open : undefined}
      icon={
        <Badge count={showBadge ? count : 0} size="small" overflowCount={99}>
          <BellOutlined className="app-header__bell" />
        </Badge>
      }
    />
  );
  if (!canList) return <Tooltip title={t('layout.header.alarms')}>{button}</Tooltip>;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('layout.bell.title')}
      content={open ? <BellPanel onClose={() => setOpen(false)} /> : null}
      destroyOnHidden
    >
      {button}
    </Popover>
  );
}
