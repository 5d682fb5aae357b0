// A text card: the text in its size, colour (the theme's text colour when none), alignment and weight; text longer
// than its card is drawn smaller until it fits, down to 10 px (fit-text.ts). An empty one says where to write it
// while the dashboard is edited, and shows nothing when presented.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CardMessage } from '../common/card-message';
import type { WidgetProps } from '../types';
import { FONT_SIZE_VAR, useFitFontSize } from './fit-text';
import '../common/widgets.css';

export default function TextWidget({ settings, mode }: WidgetProps<'text'>) {
  const { t } = useTranslation();
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const size = useFitFontSize(node, settings.font_size, `${String(settings.bold)}:${settings.text}`);
  if (!settings.text)
    return mode === 'edit' ? <CardMessage kind="info" title={t('dashboards.widgets.text.empty')} /> : null;
  return (
    <div
      ref={setNode}
      className={`dbw-text dbw-text--${settings.align}`}
      style={{
        [FONT_SIZE_VAR as string]: `${String(size)}px`,
        fontWeight: settings.bold ? 600 : 400,
        textAlign: settings.align,
        ...(settings.color ? { color: settings.color } : {}),
      }}
    >
      {settings.text}
    </div>
  );
}
