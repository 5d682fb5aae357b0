// The Traffic tab of a device's detail: its flow card (package, usage against the warning value, status, expiry)
// and the MB it used in each day or month with the cumulative use, the warning point and the package total.
import { Button, Card, Descriptions, Empty, Skeleton } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { EChart } from '@/components/charts/echart';
import { FLOW_USAGE_PARTS } from '@/components/charts/parts/flow-usage';
import { buildFlowUsageOption } from '@/components/charts/usage';
import { EMPTY } from '@/lib/empty';
import { isApiError } from '@/lib/http';
import type { useFlowDetail } from '../api/flow-analysis';
import { formatMb } from '../lib/flow-format';
import type { FlowBucket } from '../flow-types';
import { FlowStatusTag } from './flow-traffic-tab';
import { UsageBar } from './usage-bar';

const CHART_HEIGHT = 340;
/** The server's "this device has no flow card" answers (FLOW_CARD_NOT_BOUND, FLOW_CARD_NOT_FOUND). */
export const NO_CARD_CODES: readonly string[] = ['110542', '110547'];

interface FlowUsagePanelProps {
  query: ReturnType<typeof useFlowDetail>;
  bucket: FlowBucket;
  toolbar: ReactNode;
}

export function FlowUsagePanel({ query, bucket, toolbar }: FlowUsagePanelProps) {
  const { t } = useTranslation();
  const detail = query.data;
  const option = useMemo(
    () =>
      detail
        ? buildFlowUsageOption(detail, bucket, {
            used: t('analysis.detail.flow.used'),
            cumulative: t('analysis.detail.flow.cumulative'),
            warning: t('analysis.detail.flow.warningLine'),
            total: t('analysis.detail.flow.totalLine'),
            unit: 'MB',
          })
        : null,
    [detail, bucket, t],
  );

  // The range and bucket stay at hand whatever the answer, so another range can be tried.
  const problem = (body: ReactNode) => (
    <Card>
      {toolbar}
      {body}
    </Card>
  );
  if (query.isError && isApiError(query.error) && NO_CARD_CODES.includes(query.error.code))
    return problem(
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.detail.flow.noCard')} />,
    );
  if (query.isError)
    return problem(
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={isApiError(query.error) ? query.error.detail : t('analysis.detail.loadFailed')}
      >
        <Button onClick={() => void query.refetch()}>{t('analysis.detail.retry')}</Button>
      </Empty>,
    );
  if (!detail) return problem(<Skeleton active paragraph={{ rows: 8 }} />);

  const card = detail.card;
  return (
    <div className="analysis-detail__panel">
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'iccid', label: t('analysis.flow.column.iccid'), children: card.iccid },
            {
              key: 'package',
              label: t('analysis.detail.flow.package'),
              children: card.package_name || EMPTY,
            },
            {
              key: 'status',
              label: t('analysis.flow.column.status'),
              children: <FlowStatusTag status={card.status} />,
            },
            { key: 'usage', label: t('analysis.flow.column.usage'), children: <UsageBar card={card} /> },
            {
              key: 'warning',
              label: t('analysis.flow.column.warning'),
              children: formatMb(detail.warning_mb),
            },
            {
              key: 'expiry',
              label: t('analysis.flow.column.expiry'),
              children: card.expiry_date ? card.expiry_date.slice(0, 10) : EMPTY,
            },
          ]}
        />
      </Card>
      <Card>
        {toolbar}
        {detail.categories.length === 0 || !option ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analysis.detail.flow.noData')} />
        ) : (
          <EChart
            option={option}
            parts={FLOW_USAGE_PARTS}
            height={CHART_HEIGHT}
            ariaLabel={t('analysis.detail.flow.chart')}
          />
        )}
      </Card>
    </div>
  );
}
