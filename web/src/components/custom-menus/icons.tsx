// The icons a custom menu entry may show: the console's own (components/menu-icons.tsx) and a few more, exactly the
// names the server accepts (CUSTOM_MENU_ICONS, core/limits.py; icons.test.ts holds the two together).
import {
  AlertOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  LineChartOutlined,
  LinkOutlined,
  PieChartOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

import { MENU_ICONS } from '../menu-icons';

export const CUSTOM_ICONS: Readonly<Record<string, ComponentType>> = {
  ...MENU_ICONS,
  LinkOutlined,
  GlobalOutlined,
  FileTextOutlined,
  LineChartOutlined,
  PieChartOutlined,
  ToolOutlined,
  AlertOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  ThunderboltOutlined,
  VideoCameraOutlined,
};

/** The entry's icon; nothing for none or a name this console does not draw. */
export function CustomIcon({ name }: { name: string | null | undefined }) {
  const Icon = name ? CUSTOM_ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
