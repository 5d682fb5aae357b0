// The dashboard dialog's two theme pickers (SPEC §1): the 7 dashboard themes, each a small screen in its colours,
// and the 6 chart themes, each its 10-colour palette. Radio groups: Tab reaches the chosen one, the arrows move.
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

import { CHART_THEMES } from '@/components/charts/report';
import type { DashboardChartTheme, DashboardTheme } from '@/lib/dashboards/types';
import { DASHBOARD_THEME_IDS, themeSwatch } from '../../lib/dashboard-settings';

/** A dashboard theme drawn small: its screen, two cards and an accent line. */
export function ThemeSwatch({ theme, className }: { theme: string; className?: string }) {
  const swatch = themeSwatch(theme);
  return (
    <span
      className={`db-swatch${className ? ` ${className}` : ''}`}
      style={{ background: swatch.background }}
      aria-hidden
    >
      <span className="db-swatch__bar" style={{ background: swatch.accent }} />
      <span className="db-swatch__cards">
        <span className="db-swatch__card" style={{ background: swatch.card, borderColor: swatch.accent }} />
        <span className="db-swatch__card" style={{ background: swatch.card, borderColor: swatch.accent }} />
      </span>
    </span>
  );
}

interface PickerProps<T> {
  value?: T;
  onChange?: (value: T) => void;
  id?: string;
  'aria-label'?: string;
}

export function DashboardThemePicker({
  value,
  onChange,
  id,
  'aria-label': label,
}: PickerProps<DashboardTheme>) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      aria-label={label}
      className="db-themes"
      value={value}
      onChange={(e) => onChange?.(e.target.value as DashboardTheme)}
    >
      {DASHBOARD_THEME_IDS.map((theme) => (
        <Radio.Button key={theme} value={theme} className="db-themes__option">
          <ThemeSwatch theme={theme} />
          <span className="db-themes__name">{t(`dashboards.themes.${theme}`)}</span>
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

export function ChartThemePicker({
  value,
  onChange,
  id,
  'aria-label': label,
}: PickerProps<DashboardChartTheme>) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      aria-label={label}
      className="db-themes"
      value={value}
      onChange={(e) => onChange?.(e.target.value as DashboardChartTheme)}
    >
      {CHART_THEMES.map((theme) => (
        <Radio.Button key={theme.id} value={theme.id} className="db-themes__option">
          <span className="db-palette" style={{ background: theme.background }} aria-hidden>
            {theme.palette.map((colour, i) => (
              <span key={i} className="db-palette__colour" style={{ background: colour }} />
            ))}
          </span>
          <span className="db-themes__name">{t(theme.i18nKey)}</span>
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}
