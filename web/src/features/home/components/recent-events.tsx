// The latest device events (GET /yun/devLog?page_size=8): what happened, to which device, by whom and when. A plain
// list laid out as antd's List: List would bring its pagination, and with it Select, to the home page (~25 KB gzip).
import { Button, Skeleton } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { DevLogEntry } from '../types';
import { SimpleEmpty } from '@/components/simple-empty';
import { EMPTY } from '@/lib/empty';
import { zoned } from '@/lib/timezone';

dayjs.extend(relativeTime);

const TONES: Record<string, string> = {
  online: 'green',
  offline: 'gray',
  register: 'blue',
  unregister: 'orange',
  position: 'cyan',
  transfer_in: 'purple',
  transfer_out: 'purple',
};

export function RecentEvents({
  events,
  loading,
  failed,
  onRetry,
}: {
  events: readonly DevLogEntry[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (failed)
    return (
      <SimpleEmpty description={t('home.events.failed')}>
        <Button onClick={onRetry}>{t('home.retry')}</Button>
      </SimpleEmpty>
    );
  if (events.length === 0) return <SimpleEmpty description={t('home.events.empty')} />;
  return (
    <ul className="home-events">
      {events.map((e) => {
        const action = t(`home.events.action.${e.action}`, { defaultValue: e.action });
        const device =
          e.device_id !== null ? (
            <Link to={`/deviceDetail/${e.device_id}`}>{e.sn || EMPTY}</Link>
          ) : (
            e.sn || EMPTY
          );
        return (
          <li key={e.id} className="home-events__item">
            <span className={`home-events__dot home-events__dot--${TONES[e.action] ?? 'default'}`} />
            <div className="home-events__body">
              <div className="home-events__title">
                <span className="home-events__action">{action}</span>
                <span className="home-events__device">{device}</span>
              </div>
              <div className="home-events__meta">
                <span title={zoned(e.time).format('YYYY-MM-DD HH:mm:ss')}>{dayjs(e.time).fromNow()}</span>
                {e.user_name && <span>{e.user_name}</span>}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
