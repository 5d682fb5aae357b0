// Outgoing webhooks (/system/webhooks, the tenant's administrator; issue 36 point 5, docs/api-system.md "Outgoing
// webhooks"): the URLs that hear the tenant's device events (online, offline, alarms, values written, upgrades),
// signed with HMAC-SHA256 and retried with backoff by the same delivery core as the alarm notifications, and the log
// of what was sent. The open tab is in the URL (`?tab=log`), each tab's filters and page beside it.
import { ApiOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { WebhookList } from '../components/webhook-list';
import { WebhookLog } from '../components/webhook-log';
import '../webhooks.css';

type TabKey = 'subscriptions' | 'log';

export default function WebhooksPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: TabKey = search.get('tab') === 'log' ? 'log' : 'subscriptions';

  return (
    <div className="page webhooks-page">
      <PageHeader title={t('menu.webhooks')} subTitle={t('system.webhooks.subtitle')} />
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
              key: 'subscriptions',
              label: t('system.webhooks.tab.subscriptions'),
              icon: <ApiOutlined />,
              children: (
                <WebhookList onShowLog={(id) => setSearch({ tab: 'log', subscription_id: String(id) })} />
              ),
            },
            {
              key: 'log',
              label: t('system.webhooks.tab.log'),
              icon: <UnorderedListOutlined />,
              children: <WebhookLog />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
