// Device statistics across tenants (/operator/statistics; docs/api-operations.md): the fleet by state, model,
// version, province or tenant, over a registration range and one tenant or all. Aggregates only.
import { ReloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  DatePicker,
  Progress,
  Result,
  Segmented,
  Select,
  Skeleton,
  Statistic,
  Table,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/http';
import { colors } from '@/lib/theme';

import { useStatistics, useTenants, type GroupBy, type StatBucket } from '../api/operator';
import { OperatorFrame } from '../components/operator-frame';
import { useOperatorSession } from '../lib/session';

const GROUPS: readonly GroupBy[] = ['state', 'model', 'version', 'province', 'tenant'];

export default function OperatorStatisticsPage() {
  const { t } = useTranslation();
  const [by, setBy] = useState<GroupBy>('state');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [tenant, setTenant] = useState<number | null>(null);
  const start = range ? range[0].startOf('day').valueOf() : null;
  const end = range ? range[1].endOf('day').valueOf() + 1 : null;
  const stats = useStatistics(by, start, end, tenant);
  const canSeeTenants = (useOperatorSession().operator?.scopes ?? []).includes('users');
  const tenants = useTenants('', 1, canSeeTenants);
  const data = stats.data;

  const label = (b: StatBucket) => {
    if (by === 'state') return t(`operator.stats.state.${b.label === 'online' ? 'online' : 'offline'}`);
    return b.label || b.key || t('operator.stats.unknown');
  };
  const rows = data ? [...data.buckets, ...(data.other ? [{ ...data.other, key: '__other' }] : [])] : [];

  let body;
  if (stats.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (stats.isError && !data)
    body = (
      <Result
        status="error"
        title={isApiError(stats.error) ? stats.error.detail : t('operator.loadFailed')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void stats.refetch()}>
            {t('operator.retry')}
          </Button>
        }
      />
    );
  else if (data)
    body = (
      <>
        <div className="operator-stats__figures">
          <Card size="small">
            <Statistic title={t('operator.stats.total')} value={data.total} />
          </Card>
          <Card size="small">
            <Statistic
              title={t('operator.stats.online')}
              value={data.online}
              styles={{ content: { color: colors.success } }}
            />
          </Card>
          <Card size="small">
            <Statistic title={t('operator.stats.offline')} value={data.offline} />
          </Card>
          <Card size="small">
            <Statistic title={t('operator.stats.tenants')} value={data.tenants} />
          </Card>
        </div>
        <Card size="small" title={t(`operator.stats.by.${by}`)}>
          <Table<StatBucket>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 520 }}
            locale={{ emptyText: t('operator.stats.empty') }}
            columns={[
              {
                title: t(`operator.stats.by.${by}`),
                key: 'label',
                render: (_, b) => (b.key === '__other' ? t('operator.stats.other') : label(b)),
              },
              { title: t('operator.stats.total'), dataIndex: 'total', align: 'right', width: 110 },
              { title: t('operator.stats.online'), dataIndex: 'online', align: 'right', width: 110 },
              {
                title: t('operator.stats.share'),
                key: 'share',
                width: 220,
                render: (_, b) => (
                  <Progress
                    percent={data.total ? Math.round((b.total / data.total) * 1000) / 10 : 0}
                    success={{ percent: data.total ? Math.round((b.online / data.total) * 1000) / 10 : 0 }}
                    size="small"
                  />
                ),
              },
            ]}
          />
        </Card>
      </>
    );

  return (
    <OperatorFrame>
      <PageHeader title={t('operator.menu.statistics')} subTitle={t('operator.stats.subtitle')} />
      <div className="operator-stats__filters">
        <Segmented<GroupBy>
          value={by}
          onChange={setBy}
          options={GROUPS.map((g) => ({ value: g, label: t(`operator.stats.by.${g}`) }))}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(value) => {
            setRange(value?.[0] && value[1] ? [value[0], value[1]] : null);
          }}
          placeholder={[t('operator.stats.from'), t('operator.stats.to')]}
          aria-label={t('operator.stats.range')}
        />
        {canSeeTenants && (
          <Select<number | null>
            value={tenant}
            onChange={setTenant}
            style={{ minWidth: 180 }}
            aria-label={t('operator.stats.tenant')}
            options={[
              { value: null, label: t('operator.stats.allTenants') },
              ...(tenants.data?.items ?? []).map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
        )}
      </div>
      {stats.isError && data && (
        <Result
          status="warning"
          title={isApiError(stats.error) ? stats.error.detail : t('operator.loadFailed')}
        />
      )}
      {body}
    </OperatorFrame>
  );
}
