// Tabs of the visited pages (SPEC §4: added on navigation, removed by name, kept in the nav list cookie): one tab per
// page, whose address follows the page's query string, and the home page pinned first without a close button.
import { DownOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { LazyDropdown } from '@/components/lazy-dropdown';
import { framedEntryName } from '@/lib/custom-menus/targets';
import { closeTab, HOME_TAB, isClosable, tabNameOf, withHome } from '@/lib/nav-tabs';
import { keepTabs, useSession } from '@/lib/session';

export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const navList = useSession((s) => s.navList);
  const defaultPage = useSession((s) => s.defaultPage);
  const menus = useSession((s) => s.customPage?.custom_page_json);
  const homeAllowed = useSession((s) => s.allowedRoutes.some((r) => `/${r.path}` === HOME_TAB.name));
  const active = tabNameOf(location.pathname);
  const shown = withHome(navList, homeAllowed);
  const fallback = homeAllowed ? HOME_TAB.url : defaultPage || HOME_TAB.url;

  const close = (name: string) => {
    const { list, goTo } = closeTab(shown, name, active);
    keepTabs(list.map((tab) => tab.name));
    if (name === active) void navigate(goTo ?? fallback);
  };

  if (shown.length === 0) return null;
  return (
    <div className="tab-bar">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active}
        items={shown.map((tab) => ({
          key: tab.name,
          // A custom entry's framed page is titled by the entry's name.
          label: framedEntryName(menus, tab.name) ?? t(tab.titleKey),
          closable: isClosable(shown, tab.name),
        }))}
        onChange={(key) => void navigate(shown.find((tab) => tab.name === key)?.url ?? key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        tabBarExtraContent={{
          right: (
            <LazyDropdown
              menu={{
                items: [
                  {
                    key: 'current',
                    label: t('layout.tabs.closeCurrent'),
                    disabled: !isClosable(shown, active),
                  },
                  { key: 'others', label: t('layout.tabs.closeOthers') },
                  { key: 'all', label: t('layout.tabs.closeAll') },
                ],
                onClick: ({ key }) => {
                  if (key === 'current') close(active);
                  else if (key === 'others') keepTabs([HOME_TAB.name, active]);
                  else {
                    keepTabs([HOME_TAB.name]);
                    void navigate(fallback);
                  }
                },
              }}
            >
              <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('layout.tabs.more')} />
            </LazyDropdown>
          ),
        }}
      />
    </div>
  );
}
