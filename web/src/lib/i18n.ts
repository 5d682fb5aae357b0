// i18next setup: one file per area in locales/{zh,en}; errors.json is its own namespace (generated from the backend).
// Only the current language is loaded, in two bundles: the shell's areas before the first render (loadShellTexts,
// main.tsx), every other area before any page that is not a shell page (loadPageTexts, app/route-objects.tsx).
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';
import { appStore } from './session';
import { textBundle } from './text-areas';

export type Catalogue = Record<string, unknown>;

// One dynamic import per file; vite.config.ts bundles them per language and bundle (shell or pages).
const loaders = import.meta.glob<Catalogue>('../locales/*/*.json', { import: 'default' });

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

type Bundle = 'shell' | 'pages';
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Loads one bundle of a language into i18next, once (a failed load is tried again on the next call). */
function loadBundle(language: Language, bundle: Bundle): Promise<void> {
  const id = `${language}:${bundle}`;
  let done = loading.get(id);
  if (!done) {
    const wanted = Object.entries(loaders).filter(([path]) => {
      const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
      return match?.[1] === language && textBundle(match[2] ?? '') === bundle;
    });
    done = Promise.all(wanted.map(async ([path, load]) => [path, await load()] as const)).then((files) => {
      const entry = buildResources(Object.fromEntries(files))[language];
      if (!entry) return;
      i18n.addResourceBundle(language, 'translation', entry.translation, true, true);
      if (Object.keys(entry.errors).length)
        i18n.addResourceBundle(language, 'errors', entry.errors, true, true);
      loaded.add(id);
    });
    done.catch(() => loading.delete(id));
    loading.set(id, done);
  }
  return done;
}

let pagesWanted = false;

/** The shell's texts in the current language: sign-in, menus, errors, validation. main.tsx renders after them. */
export function loadShellTexts(): Promise<void> {
  return loadBundle(appStore.getState().language, 'shell');
}

/** Every text of the current language; each page but the shell's own waits for it (and a language switch then
 * loads both bundles of the new language). */
export function loadPageTexts(): Promise<void> {
  pagesWanted = true;
  const language = appStore.getState().language;
  return Promise.all([loadBundle(language, 'shell'), loadBundle(language, 'pages')]).then(() => undefined);
}

/** Both languages in full (unit tests, which switch language without waiting). */
export function loadAllTexts(): Promise<void> {
  return Promise.all(LANGUAGES.flatMap((l) => [loadBundle(l, 'shell'), loadBundle(l, 'pages')])).then(
    () => undefined,
  );
}

const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en' };
const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en' };

function switchTo(language: Language): void {
  void i18n.changeLanguage(language);
  dayjs.locale(DAYJS_LOCALE[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}

function applyLanguage(language: Language): void {
  // The texts first, so no screen shows keys while they load (at once when they are already in); antd's locale
  // (providers.tsx) follows the store.
  const bundles: Bundle[] = pagesWanted ? ['shell', 'pages'] : ['shell'];
  if (bundles.every((bundle) => loaded.has(`${language}:${bundle}`))) {
    switchTo(language);
    return;
  }
  Promise.all(bundles.map((bundle) => loadBundle(language, bundle)))
    .then(() => {
      if (appStore.getState().language === language) switchTo(language);
    })
    .catch((error: unknown) => {
      console.warn(`[i18n] the ${language} texts did not load`, error);
    });
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: appStore.getState().language,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['translation', 'errors'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
switchTo(appStore.getState().language);

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
