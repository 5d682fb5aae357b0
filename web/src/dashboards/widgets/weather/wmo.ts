// WMO weather interpretation codes (what every provider answers in) → the sky the card draws and names.
export const WEATHER_KINDS = [
  'clear',
  'mainlyClear',
  'partlyCloudy',
  'overcast',
  'fog',
  'drizzle',
  'freezingDrizzle',
  'rain',
  'freezingRain',
  'snow',
  'snowGrains',
  'rainShowers',
  'snowShowers',
  'thunderstorm',
  'thunderstormHail',
  'unknown',
] as const;
export type WeatherKind = (typeof WEATHER_KINDS)[number];

const BY_CODE: Readonly<Record<number, WeatherKind>> = {
  0: 'clear',
  1: 'mainlyClear',
  2: 'partlyCloudy',
  3: 'overcast',
  45: 'fog',
  48: 'fog',
  51: 'drizzle',
  53: 'drizzle',
  55: 'drizzle',
  56: 'freezingDrizzle',
  57: 'freezingDrizzle',
  61: 'rain',
  63: 'rain',
  65: 'rain',
  66: 'freezingRain',
  67: 'freezingRain',
  71: 'snow',
  73: 'snow',
  75: 'snow',
  77: 'snowGrains',
  80: 'rainShowers',
  81: 'rainShowers',
  82: 'rainShowers',
  85: 'snowShowers',
  86: 'snowShowers',
  95: 'thunderstorm',
  96: 'thunderstormHail',
  99: 'thunderstormHail',
};

export function weatherKind(code: number): WeatherKind {
  return BY_CODE[code] ?? 'unknown';
}

/** The picture of a sky: the icon set draws these seven. */
export type SkyIcon = 'sun' | 'sunCloud' | 'cloud' | 'fog' | 'rain' | 'snow' | 'storm';

const ICON: Readonly<Record<WeatherKind, SkyIcon>> = {
  clear: 'sun',
  mainlyClear: 'sun',
  partlyCloudy: 'sunCloud',
  overcast: 'cloud',
  fog: 'fog',
  drizzle: 'rain',
  freezingDrizzle: 'rain',
  rain: 'rain',
  freezingRain: 'rain',
  snow: 'snow',
  snowGrains: 'snow',
  rainShowers: 'rain',
  snowShowers: 'snow',
  thunderstorm: 'storm',
  thunderstormHail: 'storm',
  unknown: 'cloud',
};

export function skyIcon(kind: WeatherKind): SkyIcon {
  return ICON[kind];
}
