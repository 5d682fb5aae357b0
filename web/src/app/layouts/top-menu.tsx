// The top bar's custom entries (components/custom-menus): the top bar's title, then its entries in antd's horizontal
// menu, which folds those that do not fit into "…". On a phone the menu drawer lists them instead (side-menu.tsx).
import { Menu } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { customMenuItems, customSelection, customTarget } from '@/components/custom-menus/menu-items';
import { useSession } from '@/lib/session';
import './top-menu.css';

export function TopMenu() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const menus = useSession((s) => s.customPage?.custom_page_json);
  const items = useMemo(() => customMenuItems(menus?.top ?? []), [menus]);
  if (!menus || items.length === 0) return null;
  const selected = customSelection(menus, pathname, search)?.selected;

  return (
    <nav className="top-menu" aria-label={menus.top_bar_title}>
      <span className="top-menu__title" title={menus.top_bar_title}>
        {menus.top_bar_title}
      </span>
      <Menu
        className="top-menu__menu"
        mode="horizontal"
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={({ key }) => {
          const to = customTarget(menus, key);
          if (to) void navigate(to);
        }}
      />
    </nav>
  );
}
