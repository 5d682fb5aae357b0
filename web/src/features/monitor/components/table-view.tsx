// One monitoring table read and shown live, with its loading, not-found and failed states (the monitored-devices page
// and the one-table page share it).
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';

import { useMonitorTable } from '../api/monitor';
import { LiveTable } from './live-table';

const NOT_FOUND = '115501';

export function TableView({ id, height }: { id: number; height?: number }) {
  const { t } = useTranslation();
  const query = useMonitorTable(id);
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
  return <LiveTable table={query.data} {...(height ? { height } : {})} />;
}
