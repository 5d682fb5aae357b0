// The personalization form's values, the body they save as, the brand they preview as, and the rules the server
// enforces (core/limits.py: lengths, one line, #RRGGBB, an RFC 1123 host name) with translated texts.
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

import { brandImageUrl, type BrandOut, type BrandView } from '@/lib/brand/brand';
import type { Language } from '@/lib/constants';
import { BRAND_DOMAIN_MAX, BRAND_FOOTER_MAX, BRAND_NAME_MAX, BRAND_SLOGAN_MAX } from '@/types/limits.gen';
import type { BrandImageOut, BrandIn } from '../api/brand';

export type MapThemeValue = NonNullable<BrandOut['map_theme']>;

export interface BrandValues {
  platform_name: string;
  slogan: string;
  footer: string;
  primary_color: string | null;
  default_language: Language;
  map_theme: MapThemeValue | null;
  domain: string;
  logo_light: BrandImageOut | null;
  logo_dark: BrandImageOut | null;
  favicon: BrandImageOut | null;
  background: BrandImageOut | null;
}

export function toValues(brand: BrandOut): BrandValues {
  return {
    platform_name: brand.platform_name,
    slogan: brand.slogan,
    footer: brand.footer,
    primary_color: brand.primary_color,
    default_language: brand.default_language,
    map_theme: brand.map_theme,
    domain: brand.domain ?? '',
    logo_light: brand.logo_light,
    logo_dark: brand.logo_dark,
    favicon: brand.favicon,
    background: brand.background,
  };
}

export function toBody(values: BrandValues): BrandIn {
  const domain = values.domain.trim();
  return {
    platform_name: values.platform_name.trim(),
    slogan: values.slogan.trim(),
    footer: values.footer.trim(),
    primary_color: values.primary_color,
    default_language: values.default_language,
    map_theme: values.map_theme,
    domain: domain === '' ? null : domain,
    logo_light_id: values.logo_light?.id ?? null,
    logo_dark_id: values.logo_dark?.id ?? null,
    favicon_id: values.favicon?.id ?? null,
    background_id: values.background?.id ?? null,
  };
}

/** The brand the form's values would show (the live preview). */
export function toView(values: Partial<BrandValues>): BrandView {
  return {
    name: values.platform_name?.trim() ?? '',
    slogan: values.slogan?.trim() ?? '',
    footer: values.footer?.trim() ?? '',
    primaryColor: values.primary_color ?? null,
    logoLight: brandImageUrl(values.logo_light?.url),
    logoDark: brandImageUrl(values.logo_dark?.url),
    favicon: brandImageUrl(values.favicon?.url),
    background: brandImageUrl(values.background?.url),
    defaultLanguage: values.default_language ?? null,
    mapTheme: values.map_theme ?? null,
  };
}

/** Whether two forms' values save the same brand. */
export function sameBrand(a: BrandValues, b: BrandValues): boolean {
  return JSON.stringify(toBody(a)) === JSON.stringify(toBody(b));
}

const LABEL_RE = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const RESERVED_HOSTS = new Set(['localhost']);

/** A host name as the server binds it (lower case, no final dot, an internationalised name in punycode), or null
 * when it is no RFC 1123 host name of two labels or more with a non-numeric top label (core/limits.py
 * `normalize_domain`). */
export function normalizeDomain(value: string): string | null {
  let text = value.trim().replace(/\.+$/, '').toLowerCase();
  if (!text || text.length > BRAND_DOMAIN_MAX * 4) return null;
  // A scheme, port, path, credentials or query are not part of a host name (the URL parser below would drop them).
  if (/[\s/:@?#\\[\]%*]/.test(text)) return null;
  if (!/^[\x20-\x7e]*$/.test(text)) {
    try {
      text = new URL(`http://${text}`).hostname;
    } catch {
      return null;
    }
  }
  const labels = text.split('.');
  if (text.length > BRAND_DOMAIN_MAX || labels.length < 2) return null;
  if (!labels.every((label) => LABEL_RE.test(label)) || /^\d+$/.test(labels.at(-1) ?? '')) return null;
  return text;
}

// Control characters (C0, DEL, C1) and the line and paragraph separators: the server refuses them (100004).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function textRules(t: TFunction, max: number, key: string): Rule[] {
  return [
    { max, message: t(`system.brand.validation.${key}`, { max }) },
    {
      validator: (_, value: string | undefined) =>
        value && CONTROL_RE.test(value)
          ? Promise.reject(new Error(t('system.brand.validation.singleLine')))
          : Promise.resolve(),
    },
  ];
}

export function brandRules(t: TFunction, platformHost: string) {
  return {
    platform_name: textRules(t, BRAND_NAME_MAX, 'nameMax'),
    slogan: textRules(t, BRAND_SLOGAN_MAX, 'sloganMax'),
    footer: textRules(t, BRAND_FOOTER_MAX, 'footerMax'),
    domain: [
      {
        validator: (_: unknown, value: string | undefined) => {
          if (!value?.trim()) return Promise.resolve();
          const domain = normalizeDomain(value);
          if (domain === null) return Promise.reject(new Error(t('system.brand.validation.domain')));
          if (RESERVED_HOSTS.has(domain) || domain === platformHost.toLowerCase())
            return Promise.reject(new Error(t('system.brand.validation.domainReserved')));
          return Promise.resolve();
        },
      },
    ] satisfies Rule[],
  };
}
