// App-wide providers: server-state cache, antd theme and locale (switching with the app language), feedback.
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';

import { queryClient } from '../lib/query-client';
import { useAppState } from '../lib/session';
import { FeedbackBridge } from './feedback-bridge';
import { OfflineBanner } from './offline-banner';
import { appTheme } from './theme';

const ANTD_LOCALES = { zh: zhCN, en: enUS } as const;

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useAppState((s) => s.language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]} theme={appTheme}>
        <AntApp message={{ maxCount: 5, top: 64 }} className="app-root">
          <FeedbackBridge />
          <OfflineBanner />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
