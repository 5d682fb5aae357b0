// antd's theme and locale (switching with the app language, dayjs's with it) for the parts of the app that use
// antd: the antd layout route (every page but /login) and the feedback host beside the routes. Without antd's motion
// when the system asks for less (lib/reduced-motion.ts); the themes of dashboards and cards below inherit it.
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useMemo, type ReactNode } from 'react';

import '@/lib/dayjs-locale';
import { useReducedMotion } from '@/lib/reduced-motion';
import { useAppState } from '@/lib/session';
import { appTheme } from './theme';

const ANTD_LOCALES = { zh: zhCN, en: enUS } as const;

export function AntdRoot({ children }: { children: ReactNode }) {
  const language = useAppState((s) => s.language);
  const reducedMotion = useReducedMotion();
  const theme = useMemo<ThemeConfig>(
    () => (reducedMotion ? { ...appTheme, token: { ...appTheme.token, motion: false } } : appTheme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
