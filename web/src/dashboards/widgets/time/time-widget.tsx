// The time now, ticking every second while the card is seen, from the server's clock (a wall screen's own clock may
// be off), in the card's zone or the viewer's own; an unknown zone falls back to the viewer's and says so.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { serverClock } from '@/lib/sign';
import { viewerZone } from '@/lib/timezone';
import type { WidgetProps } from '../types';
import { formatMoment, isKnownZone } from './time-format';
import '../common/widgets.css';

export default function TimeWidget({ settings, visible }: WidgetProps<'time'>) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => serverClock.now());
  useEffect(() => {
    if (!visible) return undefined;
    const timer = setInterval(() => {
      setNow(serverClock.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [visible]);
  const chosen = settings.zone ?? '';
  const known = chosen !== '' && isKnownZone(chosen);
  const zone = known ? chosen : viewerZone();
  const { main, sub } = formatMoment(now, settings.format, zone, i18n.language);
  return (
    <div className="dbw-time" data-zone={zone}>
      <div
        className="dbw-time__main"
        style={{ fontSize: settings.font_size, ['--dbw-font-size' as string]: `${settings.font_size}px` }}
      >
        {main}
      </div>
      {sub && (
        <div
          className="dbw-time__sub"
          style={{ fontSize: Math.max(12, Math.round(settings.font_size * 0.45)) }}
        >
          {sub}
        </div>
      )}
      {chosen !== '' && (
        <div className="dbw-time__sub" style={{ fontSize: 12 }}>
          {known ? chosen : t('dashboards.widgets.time.unknownZone', { zone: chosen })}
        </div>
      )}
    </div>
  );
}
