// antd's theme and locale (switching with the app language, dayjs's with it) for the parts of the app that use
// antd: the antd layout route (every page but /login) and the feedback host beside the routes. Its primary colour is
// the brand's (lib/theme `usePrimaryColor`, changed live by lib/brand). Without antd's motion when the system asks
// for less (lib/reduced-motion.ts); the themes of dashboards and cards below inherit it.
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useMemo, type ReactNode } from 'react';

import '@/lib/dayjs-locale';
import { useReducedMotion } from '@/lib/reduced-motion';
import { useAppState } from '@/lib/session';
import { usePrimaryColor } from '@/lib/theme';
import { appThemeFor } from './theme';

const ANTD_LOCALES = { zh: zhCN, en: enUS } as const;

export function AntdRoot({ children }: { children: ReactNode }) {
  const language = useAppState((s) => s.language);
  const reducedMotion = useReducedMotion();
  const primary = usePrimaryColor();
  const theme = useMemo<ThemeConfig>(() => {
    const base = appThemeFor(primary);
    return reducedMotion ? { ...base, token: { ...base.token, motion: false } } : base;
  }, [reducedMotion, primary]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
