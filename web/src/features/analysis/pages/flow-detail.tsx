// A device's traffic and online time (/analysis/flowAnalysis/detail/:id, P62200): the Traffic tab (its flow card's
// use per day or month, cumulative, against the warning value and the package) and the Online time tab (online
// hours per day or hour, its online periods); each tab its own range and bucket, the tab in the URL.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { detailState } from '@/components/detail-states';
import { PageHeader } from '@/components/page-header';
import { viewerZone } from '@/lib/timezone';
import { useFlowDetail } from '../api/flow-analysis';
import { useOnlineDetail } from '../api/online-analysis';
import { FlowUsagePanel } from '../components/flow-usage-panel';
import { DeviceStateTag } from '../components/online-time-tab';
import { OnlinePanel } from '../components/online-panel';
import { RangeBar } from '../components/range-bar';
import { lastDays, type Range } from '../lib/ranges';
import type { FlowBucket, OnlineBucket } from '../flow-types';
import '../analysis.css';

export const FLOW_LIST_PATH = '/analysis/flowAnalysis';
/** DEVICE_NOT_FOUND: the device is gone or not the caller's to read. */
const NOT_FOUND = '110506';
const FLOW_BUCKETS: readonly FlowBucket[] = ['day', 'month'];
const ONLINE_BUCKETS: readonly OnlineBucket[] = ['day', 'hour'];
const FLOW_PRESETS = [7, 30, 90, 365] as const;
const ONLINE_PRESETS = [1, 7, 30, 90] as const;

type TabKey = 'traffic' | 'online';

export default function FlowDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const valid = /^\d+$/.test(idParam ?? '') && Number.isSafeInteger(id) && id > 0;
  const [search, setSearch] = useSearchParams();
  const tab: TabKey = search.get('tab') === 'online' ? 'online' : 'traffic';
  const tz = viewerZone();

  const [flowRange, setFlowRange] = useState<Range>(() => lastDays(30));
  const [flowBucket, setFlowBucket] = useState<FlowBucket>('day');
  const [onlineRange, setOnlineRange] = useState<Range>(() => lastDays(7));
  const [onlineBucket, setOnlineBucket] = useState<OnlineBucket>('day');

  const online = useOnlineDetail(
    valid ? { device_id: id, start: onlineRange[0], end: onlineRange[1], tz, bucket: onlineBucket } : null,
  );
  const flow = useFlowDetail(
    valid ? { device_id: id, start: flowRange[0], end: flowRange[1], tz, bucket: flowBucket } : null,
  );

  const back = () => void navigate(FLOW_LIST_PATH);
  const backButton = (
    <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('analysis.detail.back')} onClick={back} />
  );
  const state = detailState({
    query: online,
    valid,
    notFoundCode: NOT_FOUND,
    texts: {
      notFound: t('analysis.detail.notFound'),
      notFoundHint: t('analysis.detail.notFoundHint'),
      loadFailed: t('analysis.detail.loadFailed'),
      backToList: t('analysis.detail.backToList'),
      retry: t('analysis.detail.retry'),
    },
    onBack: back,
    backButton,
    className: 'analysis-detail',
  });
  if (state || !online.data) return state;

  const device = online.data.device;
  return (
    <div className="page analysis-detail">
      <PageHeader
        title={
          <span className="analysis-detail__title">
            {backButton}
            <span className="analysis-detail__name" title={device.name || device.sn}>
              {device.name || device.sn}
            </span>
            <DeviceStateTag state={device.dev_state} />
          </span>
        }
        subTitle={<Typography.Text type="secondary">{device.sn}</Typography.Text>}
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setSearch(key === 'online' ? { tab: 'online' } : {}, { replace: true });
        }}
        items={[
          {
            key: 'traffic',
            label: t('analysis.flow.tab'),
            children: (
              <FlowUsagePanel
                query={flow}
                bucket={flowBucket}
                toolbar={
                  <RangeBar<FlowBucket>
                    range={flowRange}
                    onRange={setFlowRange}
                    presets={FLOW_PRESETS}
                    bucket={flowBucket}
                    buckets={FLOW_BUCKETS}
                    onBucket={setFlowBucket}
                  />
                }
              />
            ),
          },
          {
            key: 'online',
            label: t('analysis.online.tab'),
            children: (
              <OnlinePanel
                query={online}
                bucket={onlineBucket}
                toolbar={
                  <RangeBar<OnlineBucket>
                    range={onlineRange}
                    onRange={setOnlineRange}
                    presets={ONLINE_PRESETS}
                    bucket={onlineBucket}
                    buckets={ONLINE_BUCKETS}
                    onBucket={setOnlineBucket}
                  />
                }
              />
            ),
          },
        ]}
      />
    </div>
  );
}
