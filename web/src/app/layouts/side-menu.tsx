// Sidebar navigation: only the routes the user may open.
import { Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useSession } from '@/lib/session';
import { ancestorKeys, buildMenuItems, selectedMenuKey } from './menu-items';

interface SideMenuProps {
  collapsed: boolean;
  /** Called after a menu item navigated (the phone drawer closes). */
  onNavigate?: () => void;
}

export function SideMenu({ collapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routes = useSession((s) => s.allowedRoutes);
  const items = useMemo(() => buildMenuItems(routes, t), [routes, t]);
  const selected = selectedMenuKey(routes, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(selected));
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    // Navigating elsewhere opens the group of the new page, keeping the groups the user opened.
    setLastSelected(selected);
    setOpenKeys((keys) => [...new Set([...keys, ...ancestorKeys(selected)])]);
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
        void navigate(key);
        onNavigate?.();
      }}
    />
  );
}
