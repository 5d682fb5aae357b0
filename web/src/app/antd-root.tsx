// antd's theme and locale (switching with the app language) for the parts of the app that use antd: the antd
// layout route (every page but /login) and the feedback host beside the routes.
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';

import { useAppState } from '@/lib/session';
import { appTheme } from './theme';

const ANTD_LOCALES = { zh: zhCN, en: enUS } as const;

export function AntdRoot({ children }: { children: ReactNode }) {
  const language = useAppState((s) => s.language);
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={appTheme}>
      {children}
    </ConfigProvider>
  );
}
