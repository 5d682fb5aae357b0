// The weather card's sky icons, drawn as line art in the theme's colours (no emoji: a wall screen may have no emoji
// font): the sun in the accent colour, clouds, rain, snow and lightning in the text colour.
import type { ReactNode } from 'react';

import type { SkyIcon } from './wmo';

const SUN = (
  <g className="dbw-sky__sun">
    <circle cx="12" cy="12" r="4.2" />
    {[0, 45, 90, 135, 180, 225, 270, 315].map((angle) => (
      <line key={angle} x1="12" y1="3" x2="12" y2="5.2" transform={`rotate(${angle} 12 12)`} />
    ))}
  </g>
);
const CLOUD = <path d="M7 18.5h10a3.8 3.8 0 0 0 .4-7.6A5.3 5.3 0 0 0 7.3 9.6 4.5 4.5 0 0 0 7 18.5Z" />;

const PARTS: Record<SkyIcon, ReactNode> = {
  sun: SUN,
  sunCloud: (
    <>
      <g transform="translate(-3.5 -3.5) scale(0.8)">{SUN}</g>
      <g transform="translate(2 1.5) scale(0.9)">{CLOUD}</g>
    </>
  ),
  cloud: CLOUD,
  fog: (
    <>
      <g transform="translate(0 -3)">{CLOUD}</g>
      <line x1="4" y1="19" x2="20" y2="19" />
      <line x1="6" y1="22" x2="18" y2="22" />
    </>
  ),
  rain: (
    <>
      <g transform="translate(0 -3)">{CLOUD}</g>
      <line x1="8" y1="18" x2="7" y2="21.5" />
      <line x1="12" y1="18" x2="11" y2="21.5" />
      <line x1="16" y1="18" x2="15" y2="21.5" />
    </>
  ),
  snow: (
    <>
      <g transform="translate(0 -3)">{CLOUD}</g>
      <circle cx="8" cy="19.5" r="0.9" />
      <circle cx="12" cy="21" r="0.9" />
      <circle cx="16" cy="19.5" r="0.9" />
    </>
  ),
  storm: (
    <>
      <g transform="translate(0 -3)">{CLOUD}</g>
      <path d="M12.5 16.5 10 20.5h3l-1.5 3" />
    </>
  ),
};

export function WeatherIcon({ icon, size }: { icon: SkyIcon; size: number }) {
  return (
    <svg
      className={`dbw-sky dbw-sky--${icon}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {PARTS[icon]}
    </svg>
  );
}
