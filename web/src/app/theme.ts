// antd theme: brand primary, dark navy sidebar, light content surfaces (the tokens of lib/theme).
import type { ThemeConfig } from 'antd';

import { colors, fontFamily, radius } from '@/lib/theme';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: colors.primary,
    colorInfo: colors.primary,
    colorLink: colors.primary,
    colorBgLayout: colors.bgLayout,
    borderRadius: radius.md,
    fontFamily,
  },
  components: {
    Layout: {
      siderBg: colors.sider,
      triggerBg: colors.sider,
      headerBg: colors.bgContainer,
      headerHeight: 56,
      headerPadding: '0 20px',
      bodyBg: colors.bgLayout,
    },
    Menu: {
      darkItemBg: colors.sider,
      darkSubMenuItemBg: colors.siderSubmenu,
      darkPopupBg: colors.sider,
      darkItemSelectedBg: colors.primary,
      darkItemColor: 'rgba(255, 255, 255, 0.72)',
      darkItemHoverColor: colors.bgContainer,
      itemBorderRadius: radius.md,
      itemMarginInline: 8,
    },
    Card: {
      borderRadiusLG: radius.card,
    },
  },
};
