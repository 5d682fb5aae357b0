// Sidebar navigation: the tenant's own entries under the sidebar's title (components/custom-menus; on a phone the top
// bar's too), then the routes the user may open.
import { Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { customSelection, customSideItems, customTarget } from '@/components/custom-menus/menu-items';
import { useSession } from '@/lib/session';
import { ancestorKeys, buildMenuItems, selectedMenuKey } from './menu-items';

interface SideMenuProps {
  collapsed: boolean;
  /** Called after a menu item navigated (the phone drawer closes). */
  onNavigate?: () => void;
  /** The phone's drawer: the top bar's custom entries, which its header has no room for, are listed too. */
  withTopBar?: boolean;
}

export function SideMenu({ collapsed, onNavigate, withTopBar = false }: SideMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const routes = useSession((s) => s.allowedRoutes);
  const menus = useSession((s) => s.customPage?.custom_page_json);
  const items = useMemo(
    () => [...customSideItems(menus, withTopBar), ...buildMenuItems(routes, t)],
    [menus, withTopBar, routes, t],
  );
  const custom = customSelection(menus, pathname, search);
  const selected = custom?.selected ?? selectedMenuKey(routes, pathname);
  const groups = custom ? (custom.group ? [custom.group] : []) : ancestorKeys(selected);
  const [openKeys, setOpenKeys] = useState<string[]>(groups);
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    // Navigating elsewhere opens the group of the new page, keeping the groups the user opened.
    setLastSelected(selected);
    setOpenKeys((keys) => [...new Set([...keys, ...groups])]);
  }

  return (
    <Menu
      // Remount on collapse: the collapsed menu manages its own popups, the expanded one is controlled.
      key={collapsed ? 'collapsed' : 'expanded'}
      className="side-menu"
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        void navigate(customTarget(menus, key) ?? key);
        onNavigate?.();
      }}
    />
  );
}
