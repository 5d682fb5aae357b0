// A text card: the text in its size, colour (the theme's text colour when none), alignment and weight; an empty one
// says where to write it while the dashboard is edited, and shows nothing when presented.
import { useTranslation } from 'react-i18next';

import { CardMessage } from '../common/card-message';
import type { WidgetProps } from '../types';
import '../common/widgets.css';

export default function TextWidget({ settings, mode }: WidgetProps<'text'>) {
  const { t } = useTranslation();
  if (!settings.text)
    return mode === 'edit' ? <CardMessage kind="info" title={t('dashboards.widgets.text.empty')} /> : null;
  return (
    <div
      className={`dbw-text dbw-text--${settings.align}`}
      style={{
        ['--dbw-font-size' as string]: `${settings.font_size}px`,
        fontWeight: settings.bold ? 600 : 400,
        textAlign: settings.align,
        ...(settings.color ? { color: settings.color } : {}),
      }}
    >
      {settings.text}
    </div>
  );
}
