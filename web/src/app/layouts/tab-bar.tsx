// Tabs of the visited pages (SPEC §4: added on navigation, removed by name, kept in the nav list cookie).
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { keepTabs, removeTab, useSession } from '../../lib/session';

export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const navList = useSession((s) => s.navList);
  const defaultPage = useSession((s) => s.defaultPage);
  const active = `${location.pathname}${location.search}`;

  const close = (name: string) => {
    const index = navList.findIndex((tab) => tab.name === name);
    removeTab(name);
    if (name !== active) return;
    const next = navList[index + 1] ?? navList[index - 1];
    void navigate(next ? next.name : defaultPage || '/index');
  };

  if (navList.length === 0) return null;
  return (
    <div className="tab-bar">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active}
        items={navList.map((tab) => ({
          key: tab.name,
          label: t(tab.titleKey),
          closable: navList.length > 1,
        }))}
        onChange={(key) => void navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        tabBarExtraContent={{
          right: (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'current', label: t('layout.tabs.closeCurrent'), disabled: navList.length <= 1 },
                  { key: 'others', label: t('layout.tabs.closeOthers') },
                  { key: 'all', label: t('layout.tabs.closeAll') },
                ],
                onClick: ({ key }) => {
                  if (key === 'current') close(active);
                  else if (key === 'others') keepTabs([active]);
                  else {
                    keepTabs([]);
                    void navigate(defaultPage || '/index');
                  }
                },
              }}
            >
              <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('layout.tabs.more')} />
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
