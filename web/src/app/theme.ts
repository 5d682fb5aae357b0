// antd theme: brand primary, dark navy sidebar, light content surfaces.
import type { ThemeConfig } from 'antd';

export const BRAND_PRIMARY = '#165DFF';
const SIDER_BG = '#0B1A33';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorInfo: BRAND_PRIMARY,
    colorLink: BRAND_PRIMARY,
    colorBgLayout: '#F2F4F8',
    borderRadius: 6,
    fontFamily:
      // Latin fonts first: the browser takes each character from the first font that has it, and WenQuanYi Micro
      // Hei (Debian's CJK font) has an empty ℃ (U+2103), so "71.2 ℃" read "71.2" with it ahead (DESIGN §6).
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Helvetica Neue', Arial, 'Noto Sans', 'DejaVu Sans', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif",
  },
  components: {
    Layout: {
      siderBg: SIDER_BG,
      triggerBg: SIDER_BG,
      headerBg: '#FFFFFF',
      headerHeight: 56,
      headerPadding: '0 20px',
      bodyBg: '#F2F4F8',
    },
    Menu: {
      darkItemBg: SIDER_BG,
      darkSubMenuItemBg: '#07132A',
      darkPopupBg: SIDER_BG,
      darkItemSelectedBg: BRAND_PRIMARY,
      darkItemColor: 'rgba(255, 255, 255, 0.72)',
      darkItemHoverColor: '#FFFFFF',
      itemBorderRadius: 6,
      itemMarginInline: 8,
    },
    Card: {
      borderRadiusLG: 10,
    },
  },
};
