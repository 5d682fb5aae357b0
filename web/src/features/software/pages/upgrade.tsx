// Software update (/software/upgrade, P142000; issue 34 points 2 and 3, docs/api-software.md "Upgrades"): the
// rollouts of published device-end versions to the tenant's gateways and every device's upgrade history. Start a
// rollout (version, devices, waves, confirm), follow one live in its details (`?id=`: the inbox links there), pause,
// resume or cancel it. The open tab (`?tab=history`), each tab's filters and page, and the open rollout are in the
// address.
import { HistoryOutlined, PlusOutlined, RocketOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { param } from '@/lib/route-params';
import { UpgradeDrawer } from '../components/upgrade-drawer';
import { UpgradeHistory } from '../components/upgrade-history';
import { UpgradeList } from '../components/upgrade-list';
import { UpgradeStartModal } from '../components/upgrade-start-modal';
import '../software.css';

type TabKey = 'upgrades' | 'history';
const HISTORY_ONLY = ['device_id', 'upgrade_id'];

export default function SoftwareUpgradePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  // A link to a device's history (`?device_id=`) opens the History tab.
  const tab: TabKey =
    search.get('tab') === 'history' || HISTORY_ONLY.some((key) => search.has(key)) ? 'history' : 'upgrades';
  const openId = param.id.parse(search.get('id') ?? '');
  const [starting, setStarting] = useState(false);
  // … and says so in the address, so the tab stays when that filter is cleared.
  const implied = tab === 'history' && search.get('tab') !== 'history';
  useEffect(() => {
    if (implied)
      setSearch(
        (current) => {
          const out = new URLSearchParams(current);
          out.set('tab', 'history');
          return out;
        },
        { replace: true },
      );
  }, [implied, setSearch]);

  /** Opens a rollout's details (undefined: closes them); `fresh`: over the Upgrades tab's first page, unfiltered. */
  const setOpen = (id: number | undefined, fresh = false) => {
    setSearch(
      (current) => {
        const out = new URLSearchParams(fresh ? undefined : current);
        if (id === undefined) out.delete('id');
        else out.set('id', String(id));
        return out;
      },
      { replace: true },
    );
  };

  return (
    <div className="page software-upgrade">
      <PageHeader
        title={t('menu.softwareUpgrade')}
        subTitle={t('software.upgrade.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setStarting(true)}>
            {t('software.upgrade.start')}
          </Button>
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            // Each tab starts from its own first page and no filter.
            setSearch(key === 'history' ? { tab: 'history' } : {}, { replace: true });
          }}
          destroyOnHidden
          items={[
            {
              key: 'upgrades',
              label: t('software.upgrade.tabs.upgrades'),
              icon: <RocketOutlined />,
              children: <UpgradeList onOpen={(id) => setOpen(id)} />,
            },
            {
              key: 'history',
              label: t('software.upgrade.tabs.history'),
              icon: <HistoryOutlined />,
              children: <UpgradeHistory onOpen={(id) => setOpen(id)} />,
            },
          ]}
        />
      </Card>
      <UpgradeDrawer open={openId !== undefined} id={openId} onClose={() => setOpen(undefined)} />
      <UpgradeStartModal
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={(upgrade) => {
          setStarting(false);
          // The new rollout at the top of the first page of its list, and its details open.
          setOpen(upgrade.id, true);
        }}
      />
    </div>
  );
}
