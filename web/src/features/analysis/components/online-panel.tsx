// The Online time tab of a device's detail: its online hours in each day or hour, and its online periods (newest
// first), the first few shown with the way to the rest.
import { Button, Card, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EChart } from '@/components/charts/echart';
import { ONLINE_PARTS } from '@/components/charts/parts/online';
import { buildOnlineDetailOption, msToHours } from '@/components/charts/usage';
import type { useOnlineDetail } from '../api/online-analysis';
import type { OnlineBucket, OnlinePeriod } from '../flow-types';
import { zoned } from '@/lib/timezone';

const CHART_HEIGHT = 300;
/** Periods listed before "show all". */
export const PERIODS_SHOWN = 10;

const time = (ms: number) => zoned(ms).format('YYYY-MM-DD HH:mm:ss');

/** `now`: when the answer came (an open period counts up to it). */
function PeriodText({ period, now }: { period: OnlinePeriod; now: number }) {
  const { t } = useTranslation();
  const end = period.end ?? now;
  return (
    <span className="online-period">
      <span>
        {period.end === null
          ? t('analysis.detail.online.periodOpen', { start: time(period.start) })
          : t('analysis.detail.online.period', { start: time(period.start), end: time(period.end) })}
      </span>
      <Typography.Text type="secondary">
        {t('analysis.online.hours', { hours: msToHours(Math.max(0, end - period.start)) })}
      </Typography.Text>
    </span>
  );
}

interface OnlinePanelProps {
  query: ReturnType<typeof useOnlineDetail>;
  bucket: OnlineBucket;
  toolbar: ReactNode;
}

export function OnlinePanel({ query, bucket, toolbar }: OnlinePanelProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const detail = query.data;
  const option = useMemo(
    () =>
      detail
        ? buildOnlineDetailOption(detail, bucket, {
            online: t('analysis.detail.online.hoursSeries'),
            unit: 'h',
          })
        : null,
    [detail, bucket, t],
  );
  if (!detail || !option)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const periods = all ? detail.periods : detail.periods.slice(0, PERIODS_SHOWN);
  const total = detail.online_ms.reduce((sum, ms) => sum + ms, 0);
  return (
    <div className="analysis-detail__panel">
      <Card>
        {toolbar}
        <Typography.Text type="secondary">
          {t('analysis.detail.online.total', { hours: msToHours(total) })}
        </Typography.Text>
        {detail.categories.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.detail.online.noData')} />
        ) : (
          <EChart
            option={option}
            parts={ONLINE_PARTS}
            height={CHART_HEIGHT}
            ariaLabel={t('analysis.detail.online.chart')}
          />
        )}
      </Card>
      <Card size="small" title={t('analysis.detail.online.periods', { count: detail.periods.length })}>
        {detail.periods.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.detail.online.noPeriods')} />
        ) : (
          <>
            <Timeline
              className="online-periods"
              items={periods.map((period) => ({
                key: `${String(period.start)}-${String(period.end)}`,
                color: period.end === null ? 'green' : 'blue',
                content: <PeriodText period={period} now={query.dataUpdatedAt} />,
              }))}
            />
            {detail.periods.length > PERIODS_SHOWN && (
              <Button type="link" onClick={() => setAll((was) => !was)}>
                {all ? t('analysis.detail.online.fewer') : t('analysis.detail.online.all')}
              </Button>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
