// Device statistics across tenants (/operator/statistics; docs/api-operations.md): the fleet by state, model,
// version, province or tenant, over a registration range and one tenant or all. Aggregates only. A range the server
// would refuse (longer than STATISTICS_RANGE_DAYS_MAX days, or ending before it starts) is refused on the field
// before it is asked, in the server's own words (810108, 810107); the server's refusal of a range shows there too.
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
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/http';
import { translateCode } from '@/lib/i18n';
import { colors } from '@/lib/theme';
import { STATISTICS_RANGE_DAYS_MAX } from '@/types/limits.gen';

import { useStatistics, useTenants, type GroupBy, type StatBucket } from '../api/operator';
import { OperatorFrame } from '../components/operator-frame';
import { useOperatorSession } from '../lib/session';

const GROUPS: readonly GroupBy[] = ['state', 'model', 'version', 'province', 'tenant'];
/** The tenant filter's "all tenants" (an antd option's value cannot be null); no tenant_id is sent for it. */
const ALL_TENANTS = 0;
const DAY_MS = 24 * 3_600_000;
/** The server's refusals of a range (statistics/service.py `_range`): shown on the range field. */
const RANGE_CODES = new Set(['810107', '810108']);

type Range = [Dayjs, Dayjs];

/** The registration range as asked: from the first day's start to the last day's end (epoch ms, end exclusive). */
function bounds(range: Range): [number, number] {
  return [range[0].startOf('day').valueOf(), range[1].endOf('day').valueOf() + 1];
}

/** Why the server would refuse `range`, in its own words (810107, 810108), or ''. */
function rangeProblem(range: Range | null): string {
  if (!range) return '';
  const [start, end] = bounds(range);
  if (end <= start) return translateCode('810107');
  if (end - start > STATISTICS_RANGE_DAYS_MAX * DAY_MS)
    return translateCode('810108', { days: STATISTICS_RANGE_DAYS_MAX });
  return '';
}

export default function OperatorStatisticsPage() {
  const { t } = useTranslation();
  const [by, setBy] = useState<GroupBy>('state');
  // The range shown in the picker, and the last one that could be asked (a refused one is never sent).
  const [picked, setPicked] = useState<Range | null>(null);
  const [range, setRange] = useState<Range | null>(null);
  const [tenant, setTenant] = useState<number>(ALL_TENANTS);
  const [start, end] = range ? bounds(range) : [null, null];
  const stats = useStatistics(by, start, end, tenant);
  const rangeRefused =
    stats.isError && isApiError(stats.error) && RANGE_CODES.has(stats.error.code) ? stats.error.detail : '';
  const rangeError = rangeProblem(picked) || rangeRefused;
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
  else if (stats.isError && !data && rangeRefused) body = null;
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
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <DatePicker.RangePicker
            value={picked}
            status={rangeError ? 'error' : undefined}
            onChange={(value) => {
              const next: Range | null = value?.[0] && value[1] ? [value[0], value[1]] : null;
              setPicked(next);
              if (!rangeProblem(next)) setRange(next);
            }}
            placeholder={[t('operator.stats.from'), t('operator.stats.to')]}
            aria-label={t('operator.stats.range')}
          />
          {rangeError && (
            <Typography.Text type="danger" role="alert">
              {rangeError}
            </Typography.Text>
          )}
        </div>
        {canSeeTenants && (
          <Select<number>
            value={tenant}
            onChange={setTenant}
            style={{ minWidth: 180 }}
            aria-label={t('operator.stats.tenant')}
            options={[
              { value: ALL_TENANTS, label: t('operator.stats.allTenants') },
              ...(tenants.data?.items ?? []).map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
        )}
      </div>
      {stats.isError && data && !rangeRefused && (
        <Result
          status="warning"
          title={isApiError(stats.error) ? stats.error.detail : t('operator.loadFailed')}
        />
      )}
      {body}
    </OperatorFrame>
  );
}
