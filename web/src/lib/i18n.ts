// i18next setup: one file per area in locales/{zh,en}; errors.json is its own namespace (generated from the backend).
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LANGUAGE, type Language } from './constants';
import { appStore } from './session';

export type Catalogue = Record<string, unknown>;

const modules = import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' });

// A type alias (not an interface) so it satisfies i18next's index-signature Resource type.
export type LanguageResources = {
  translation: Catalogue;
  errors: Catalogue;
};

function isObject(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `source` into `target` key by key, so two files may both fill `device.*`. */
function deepMerge(target: Catalogue, source: Catalogue): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isObject(current) && isObject(value)) deepMerge(current, value);
    else target[key] = isObject(value) ? structuredClone(value) : value;
  }
}

/** Groups the locale files by language: every area file merges into `translation` (deeply, so an area may span
 * several files such as device.json and device-virtual.json), errors.json is `errors`. */
export function buildResources(files: Record<string, Catalogue>): Record<string, LanguageResources> {
  const out: Record<string, LanguageResources> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang = '', area = ''] = match;
    const entry = (out[lang] ??= { translation: {}, errors: {} });
    if (area === 'errors') entry.errors = content;
    else deepMerge(entry.translation, content);
  }
  return out;
}

export const resources = buildResources(modules);

const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en' };
const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en' };

function applyLanguage(language: Language): void {
  void i18n.changeLanguage(language);
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}

void i18n.use(initReactI18next).init({
  resources,
  lng: appStore.getState().language,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['translation', 'errors'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyLanguage(appStore.getState().language);

// i18next, dayjs and (in providers.tsx) antd switch together whenever the app language changes.
appStore.subscribe((state, prev) => {
  if (state.language !== prev.language) applyLanguage(state.language);
});

/**
 * The catalogue text of a server code in the current language, or '' when the catalogue lacks it. The
 * catalogue comes from the backend (`make gen`) with Python-style `{name}` placeholders.
 */
export function translateCode(code: string, values: Readonly<Record<string, string | number>> = {}): string {
  if (!i18n.exists(code, { ns: 'errors' })) return '';
  const text = i18n.t(code, { ns: 'errors', interpolation: { skipOnVariables: true } });
  return text.replace(/\{(\w+)\}/g, (_match, name: string) => String(values[name] ?? '')).trim();
}

export { i18n };
