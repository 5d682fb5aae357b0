// A card's look in the dashboard's theme (issue 31 point 2): the theme's tokens as CSS variables for the widget's own
// styles (--dw-text, --dw-text-secondary, --dw-accent, --dw-card-bg, --dw-border) and antd's components below drawn
// with them (the dark algorithm on a dark theme), so a tree, a search box or a confirm dialog match the 大屏.
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useMemo, type CSSProperties, type ReactNode } from 'react';

import type { WidgetTheme } from '../widgets/types';
import './widgets.css';

export function themeVariables(theme: WidgetTheme): CSSProperties {
  return {
    '--dw-text': theme.text,
    '--dw-text-secondary': theme.textSecondary,
    '--dw-accent': theme.accent,
    '--dw-card-bg': theme.cardBackground,
    '--dw-border': theme.border,
  } as CSSProperties;
}

// One configuration per dashboard theme, shared by every card, under one CSS variables key per theme: antd gives each
// ConfigProvider its own key by default and writes the ~600 variables of its theme once per key, so a dashboard of
// 30 cards wrote them 30 times and the browser restyled the page for each (B6).
const configs = new WeakMap<WidgetTheme, ThemeConfig>();

export function antdThemeOf(theme: WidgetTheme): ThemeConfig {
  let config = configs.get(theme);
  if (!config) {
    config = themeConfig(theme);
    configs.set(theme, config);
  }
  return config;
}

function themeConfig(theme: WidgetTheme): ThemeConfig {
  return {
    cssVar: { key: `dw-${theme.name}` },
    algorithm: theme.tone === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: theme.accent,
      colorText: theme.text,
      colorTextSecondary: theme.textSecondary,
      colorBorder: theme.border,
      colorBorderSecondary: theme.border,
      colorBgContainer: 'transparent',
    },
  };
}

export interface WidgetFrameProps {
  theme: WidgetTheme;
  /** The widget's own block class (e.g. `dw-map`). */
  className: string;
  children: ReactNode;
  /** For tests and the browser tests: which widget this is. */
  testId?: string;
}

/** The root of a widget's content: fills its card, in the theme's colours. */
export function WidgetFrame({ theme, className, children, testId }: WidgetFrameProps) {
  const config = antdThemeOf(theme);
  const style = useMemo(() => themeVariables(theme), [theme]);
  return (
    <ConfigProvider theme={config}>
      <div
        className={`dw-root dw-root--${theme.tone} ${className}`}
        style={style}
        data-testid={testId}
        data-theme={theme.name}
      >
        {children}
      </div>
    </ConfigProvider>
  );
}
