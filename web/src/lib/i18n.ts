// i18next setup: one file per area in locales/{zh,en}; errors.json is its own namespace (generated from the backend).
// Only the current language is loaded, in three bundles (lib/text-areas.ts): the shell's areas before the first
// render (loadShellTexts, main.tsx), the console frame's and home page's with the frame (loadConsoleTexts), every
// other area before any other page (loadPageTexts, app/route-objects.tsx).
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';
import { appStore } from './session';
import type { TextBundle } from './text-areas';

export type Catalogue = Record<string, unknown>;

type Bundle = TextBundle;

/** One module per language and bundle (vite.config.ts textBundles): its areas' catalogues by area name. */
type BundleModule = Promise<{ default: Record<string, Catalogue> }>;

const loaders: Record<`${Language}:${Bundle}`, () => BundleModule> = {
  'zh:shell': () => import('virtual:texts/zh/shell'),
  'zh:console': () => import('virtual:texts/zh/console'),
  'zh:pages': () => import('virtual:texts/zh/pages'),
  'zh:qr': () => import('virtual:texts/zh/qr'),
  'en:shell': () => import('virtual:texts/en/shell'),
  'en:console': () => import('virtual:texts/en/console'),
  'en:pages': () => import('virtual:texts/en/pages'),
  'en:qr': () => import('virtual:texts/en/qr'),
};

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

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Loads one bundle of a language into i18next, once (a failed load is tried again on the next call). */
function loadBundle(language: Language, bundle: Bundle): Promise<void> {
  const id = `${language}:${bundle}` as const;
  let done = loading.get(id);
  if (!done) {
    done = loaders[id]().then(({ default: areas }) => {
      const files = Object.entries(areas).map(
        ([area, content]) => [`locales/${language}/${area}.json`, content] as const,
      );
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

const BUNDLES: readonly Bundle[] = ['shell', 'console', 'pages'];
/** Every bundle, the QR sign-in's too, which only its two screens ask for (loadQrTexts). */
const ALL_BUNDLES: readonly Bundle[] = [...BUNDLES, 'qr'];

/** The bundles asked for so far: a language switch loads these of the new language before it shows. */
const wanted = new Set<Bundle>(['shell']);

function loadBundles(bundles: readonly Bundle[]): Promise<void> {
  for (const bundle of bundles) wanted.add(bundle);
  const language = appStore.getState().language;
  return Promise.all(bundles.map((bundle) => loadBundle(language, bundle))).then(() => undefined);
}

/** The shell's texts in the current language: sign-in, menus, errors, validation. main.tsx renders after them. */
export function loadShellTexts(): Promise<void> {
  return loadBundles(['shell']);
}

/** The shell's texts and the console frame's (its banners, bell and toasts) and the home page's: the frame and the
 * home page wait for them. */
export function loadConsoleTexts(): Promise<void> {
  return loadBundles(['shell', 'console']);
}

/** Every text of the current language; each other page waits for it (and a language switch then loads every bundle
 * of the new language). */
export function loadPageTexts(): Promise<void> {
  return loadBundles(BUNDLES);
}

/** The QR sign-in's texts (the sign-in page's "scan" tab, /qrLogin) with the shell's. */
export function loadQrTexts(): Promise<void> {
  return loadBundles(['shell', 'qr']);
}

/** Both languages in full (unit tests, which switch language without waiting). */
export function loadAllTexts(): Promise<void> {
  return Promise.all(LANGUAGES.flatMap((l) => ALL_BUNDLES.map((bundle) => loadBundle(l, bundle)))).then(
    () => undefined,
  );
}

const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en' };

function switchTo(language: Language): void {
  void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}

function applyLanguage(language: Language): void {
  // The texts first, so no screen shows keys while they load (at once when they are already in); antd's and dayjs's
  // locales (app/antd-root.tsx, lib/dayjs-locale.ts) follow the store.
  const bundles = ALL_BUNDLES.filter((bundle) => wanted.has(bundle));
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

// i18next (here), dayjs (lib/dayjs-locale.ts) and antd (app/antd-root.tsx) switch whenever the app language changes.
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
