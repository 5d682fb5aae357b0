// antd theme: the primary colour (the platform's, or the tenant's brand's: lib/theme `usePrimaryColor`), dark navy
// sidebar, light content surfaces (the tokens of lib/theme).
import type { ThemeConfig } from 'antd';

import { colors, fontFamily, radius } from '@/lib/theme';

/** antd's theme around a primary colour: antd derives its hover, pressed and tint shades from it. */
export function appThemeFor(primary: string): ThemeConfig {
  return {
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
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
        darkItemSelectedBg: primary,
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
}

export const appTheme: ThemeConfig = appThemeFor(colors.primary);
