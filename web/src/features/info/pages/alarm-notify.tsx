// Alarm notifications (/info/alarmNotify, administrators; issue 32 points 4–5, docs/api-notifications.md): the rules
// that tell people of an alarm over the console, email, SMS, a WeChat robot or a signed webhook, and the log of what
// was sent. The open tab is in the URL (`?tab=log`), each tab's filters and page beside it.
import { SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { NotifyLog } from '../components/notify-log';
import { NotifyRules } from '../components/notify-rules';
import '../info.css';

type TabKey = 'rules' | 'log';

export default function AlarmNotifyPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: TabKey = search.get('tab') === 'log' ? 'log' : 'rules';

  return (
    <div className="page alarm-notify">
      <PageHeader title={t('menu.alarmNotify')} subTitle={t('info.notify.subtitle')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            // Each tab starts from its own first page and no filter.
            setSearch(key === 'log' ? { tab: 'log' } : {}, { replace: true });
          }}
          destroyOnHidden
          items={[
            {
              key: 'rules',
              label: t('info.notify.tab.rules'),
              icon: <SettingOutlined />,
              children: <NotifyRules />,
            },
            {
              key: 'log',
              label: t('info.notify.tab.log'),
              icon: <UnorderedListOutlined />,
              children: <NotifyLog />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
