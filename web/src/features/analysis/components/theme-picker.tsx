// The report's chart theme (SPEC §9): six swatches, each showing its theme's background and first palette colours
// with its name. A radio group: Tab reaches the chosen theme, the arrow keys move between themes.
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

import { CHART_THEMES, type ChartThemeId } from '@/components/charts/report';

/** The palette colours a swatch shows. */
export const SWATCH_COLOURS = 5;

interface ThemePickerProps {
  value?: ChartThemeId;
  onChange?: (value: ChartThemeId) => void;
  id?: string;
  'aria-label'?: string;
}

export function ThemePicker({ value, onChange, id, 'aria-label': ariaLabel }: ThemePickerProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      aria-label={ariaLabel}
      className="report-themes"
      value={value}
      onChange={(e) => onChange?.(e.target.value as ChartThemeId)}
    >
      {CHART_THEMES.map((theme) => (
        <Radio.Button key={theme.id} value={theme.id} className="report-themes__option">
          <span className="report-themes__swatch" style={{ background: theme.background }} aria-hidden>
            {theme.palette.slice(0, SWATCH_COLOURS).map((colour, i) => (
              <span key={i} className="report-themes__colour" style={{ background: colour }} />
            ))}
          </span>
          <span className="report-themes__name">{t(theme.i18nKey)}</span>
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}
