// Traffic analysis (/analysis/flowAnalysis, P62000): two tabs, Traffic (the flow cards of the devices the caller
// reads) and Online time (how long they were online over a range); the tab is in the URL (`?tab=online`).
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { FlowTrafficTab } from '../components/flow-traffic-tab';
import { OnlineTimeTab } from '../components/online-time-tab';
import '../analysis.css';

type TabKey = 'traffic' | 'online';

export default function FlowAnalysisPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: TabKey = search.get('tab') === 'online' ? 'online' : 'traffic';
  return (
    <div className="page flow-analysis">
      <PageHeader title={t('menu.flowAnalysis')} subTitle={t('analysis.flow.subtitle')} />
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => {
          setSearch(key === 'online' ? { tab: 'online' } : {}, { replace: true });
        }}
        items={[
          { key: 'traffic', label: t('analysis.flow.tab'), children: <FlowTrafficTab /> },
          { key: 'online', label: t('analysis.online.tab'), children: <OnlineTimeTab /> },
        ]}
      />
    </div>
  );
}
