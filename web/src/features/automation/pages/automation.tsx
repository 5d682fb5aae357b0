// Automations (/configureManage/automation, P45000; issue 37 point 5, docs/api-automations.md): when the plant does
// this, the platform does that. Two tabs: the rules (with their form, trace and dry run) and the forward targets.
// The open tab is in the URL (`?tab=targets`), the rules' filters and page beside it.
import { ApartmentOutlined, SendOutlined } from '@ant-design/icons';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { RuleList } from '../components/rule-list';
import { TargetList } from '../components/target-list';
import '../automation.css';

type TabKey = 'rules' | 'targets';

export default function AutomationPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: TabKey = search.get('tab') === 'targets' ? 'targets' : 'rules';
  return (
    <div className="page automation-page">
      <PageHeader title={t('menu.automation')} subTitle={t('configure.automation.subtitle')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'targets' ? { tab: 'targets' } : {}, { replace: true })}
          destroyOnHidden
          items={[
            {
              key: 'rules',
              label: t('configure.automation.tab.rules'),
              icon: <ApartmentOutlined />,
              children: <RuleList />,
            },
            {
              key: 'targets',
              label: t('configure.automation.tab.targets'),
              icon: <SendOutlined />,
              children: <TargetList />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
