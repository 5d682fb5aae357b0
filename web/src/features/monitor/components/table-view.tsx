// One monitoring table read and shown live, with its loading, not-found and failed states (the monitored-devices page,
// the one-table page and a group's page share it). The viewer's setting decides whether it follows the live socket or
// is read again every `refreshS` seconds, its density and whether rows without a fresh value show.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';

import { useMonitorTable, type Density } from '../api/monitor';
import { LiveTable } from './live-table';

const NOT_FOUND = '115501';

export interface TableViewProps {
  id: number;
  height?: number;
  /** 0: follow the live socket; else read the table again every that many seconds. */
  refreshS?: number;
  density?: Density;
  showStale?: boolean;
}

export function TableView({
  id,
  height,
  refreshS = 0,
  density = 'normal',
  showStale = true,
}: TableViewProps) {
  const { t } = useTranslation();
  const query = useMonitorTable(id, refreshS);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) {
    const gone = isApiError(query.error) && query.error.code === NOT_FOUND;
    return (
      <Result
        status={gone ? '404' : 'error'}
        title={gone ? t('monitor.table.notFound') : t('monitor.table.loadFailed')}
        subTitle={gone ? undefined : query.error.message}
        extra={
          gone ? undefined : (
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('monitor.retry')}
            </Button>
          )
        }
      />
    );
  }
  return (
    <LiveTable
      table={query.data}
      live={refreshS === 0}
      density={density}
      showStale={showStale}
      {...(height ? { height } : {})}
    />
  );
}
