// The time now, ticking every second while the card is seen, from the server's clock (a wall screen's own clock may
// be off), in the card's zone or the viewer's own; an unknown zone falls back to the viewer's and says so. Drawn at
// the card's font size, smaller when the card cannot hold it.
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { useFitScale } from '@/components/use-fit-scale';
import { serverClock } from '@/lib/sign';
import { viewerZone } from '@/lib/timezone';
import type { WidgetProps } from '../types';
import { formatMoment, isKnownZone } from './time-format';
import '../common/widgets.css';

export default function TimeWidget({ settings, visible }: WidgetProps<'time'>) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => serverClock.now());
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const scale = useFitScale(box, content);
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
  const size = settings.font_size;
  return (
    <div ref={setBox} className="dbw-time" data-zone={zone} style={{ '--dbw-fit': scale } as CSSProperties}>
      <div ref={setContent} className="dbw-time__content">
        <div className="dbw-time__main" style={{ fontSize: `calc(${String(size)}px * var(--dbw-fit))` }}>
          {main}
        </div>
        {sub && (
          <div
            className="dbw-time__sub"
            style={{ fontSize: `calc(${String(Math.max(12, Math.round(size * 0.45)))}px * var(--dbw-fit))` }}
          >
            {sub}
          </div>
        )}
        {chosen !== '' && (
          <div className="dbw-time__sub" style={{ fontSize: 'calc(12px * var(--dbw-fit))' }}>
            {known ? chosen : t('dashboards.widgets.time.unknownZone', { zone: chosen })}
          </div>
        )}
      </div>
    </div>
  );
}
