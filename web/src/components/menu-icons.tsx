// The sidebar's icons, named by the routes (AppRoute.icon: 'HomeOutlined'): they load with the console's frame, which
// draws them, not with the route table every page loads, the sign-in page included.
import {
  AppstoreOutlined,
  BarChartOutlined,
  BlockOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  LayoutOutlined,
  MessageOutlined,
  MonitorOutlined,
  PlaySquareOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

export const MENU_ICONS = {
  AppstoreOutlined,
  BarChartOutlined,
  BlockOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  LayoutOutlined,
  MessageOutlined,
  MonitorOutlined,
  PlaySquareOutlined,
  SettingOutlined,
  TeamOutlined,
} satisfies Record<string, ComponentType>;

export type MenuIcon = keyof typeof MENU_ICONS;
