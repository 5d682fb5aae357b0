// The brand in force (issue 36, docs/api-system.md "Personalization and white label"): the signed-in tenant's, else
// the one bound to the host the browser arrived on (the login page's, before anyone signs in), else the platform's.
// Applying it sets the primary colour (lib/theme: antd, charts and CSS variables follow), the favicon and, for a
// user who never chose a language, the brand's default language. No TanStack Query and no antd here: /login loads
// neither (tenant-brand.ts holds the signed-in console's query).
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

import type { Schema } from '@/types/schema';
import { apiBase } from '../config';
import type { Language } from '../constants';
import { applyDefaultLanguage, sessionStore } from '../session';
import { setPrimaryColor } from '../theme';

export type BrandOut = Schema<'BrandOut'>;
export type BrandPublicOut = Schema<'BrandPublicOut'>;

/** What the console shows of a brand; empty texts and null values are the platform's own. */
export interface BrandView {
  /** The platform name; '' for the product's own (common.product.name). */
  name: string;
  slogan: string;
  footer: string;
  primaryColor: string | null;
  /** The logo on light backgrounds (the phone's login header, the privacy page). */
  logoLight: string | null;
  /** The logo on dark backgrounds (the sidebar, the login page's brand panel); the light one stands in. */
  logoDark: string | null;
  favicon: string | null;
  background: string | null;
  defaultLanguage: Language | null;
  mapTheme: string | null;
}

export const PLATFORM_BRAND: BrandView = Object.freeze({
  name: '',
  slogan: '',
  footer: '',
  primaryColor: null,
  logoLight: null,
  logoDark: null,
  favicon: null,
  background: null,
  defaultLanguage: null,
  mapTheme: null,
});

const STORED_BASE = '/api/';

/** An image address as the server gives it (under /api) against the console's runtime API base. */
export function brandImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (!url.startsWith(STORED_BASE)) return url;
  return `${apiBase().replace(/\/$/, '')}/${url.slice(STORED_BASE.length)}`;
}

/** The tenant's brand (GET /yun/individuation) as the console shows it. */
export function viewOfTenant(brand: BrandOut): BrandView {
  return {
    name: brand.platform_name,
    slogan: brand.slogan,
    footer: brand.footer,
    primaryColor: brand.primary_color,
    logoLight: brandImageUrl(brand.logo_light?.url),
    logoDark: brandImageUrl(brand.logo_dark?.url),
    favicon: brandImageUrl(brand.favicon?.url),
    background: brandImageUrl(brand.background?.url),
    defaultLanguage: brand.default_language,
    mapTheme: brand.map_theme,
  };
}

/** A host's brand (GET /yun/individuation/public) as the login page shows it. */
export function viewOfHost(brand: BrandPublicOut): BrandView {
  return {
    name: brand.platform_name,
    slogan: brand.slogan,
    footer: brand.footer,
    primaryColor: brand.primary_color,
    logoLight: brandImageUrl(brand.logo_light_url),
    logoDark: brandImageUrl(brand.logo_dark_url),
    favicon: brandImageUrl(brand.favicon_url),
    background: brandImageUrl(brand.background_url),
    defaultLanguage: brand.default_language,
    mapTheme: null,
  };
}

/** Whether a brand differs from the platform's anywhere the login page shows. */
export function isCustom(brand: BrandView): boolean {
  return (
    brand.name !== '' ||
    brand.slogan !== '' ||
    brand.footer !== '' ||
    brand.primaryColor !== null ||
    brand.logoLight !== null ||
    brand.logoDark !== null ||
    brand.background !== null
  );
}

export interface BrandState {
  /** The host's brand, once asked (null: not known yet). */
  host: BrandView | null;
  /** The signed-in tenant's brand, once read (null: not signed in, or not read yet). */
  tenant: BrandView | null;
  /** The brand in force: the tenant's, the host's or the platform's. */
  brand: BrandView;
  /** Whether the host's brand was asked for and answered (or failed): the login page shows its brand then. */
  settled: boolean;
}

export const brandStore = createStore<BrandState>()(() => ({
  host: null,
  tenant: null,
  brand: PLATFORM_BRAND,
  settled: false,
}));

export function useBrand<T>(selector: (s: BrandView) => T): T {
  return useStore(brandStore, (s) => selector(s.brand));
}

export function useBrandSettled(): boolean {
  return useStore(brandStore, (s) => s.settled);
}

const CACHE_PREFIX = 'iotyun.brand:';

function cacheKey(): string {
  const { token, tenantId } = sessionStore.getState();
  return token && tenantId
    ? `${CACHE_PREFIX}tenant:${tenantId}`
    : `${CACHE_PREFIX}host:${window.location.host}`;
}

function remember(key: string, brand: BrandView): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(brand));
  } catch {
    // Storage full or refused: the next visit asks the server first, that is all.
  }
}

function isBrandView(value: unknown): value is BrandView {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.slogan === 'string' && typeof v.footer === 'string';
}

function remembered(key: string): BrandView | null {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isBrandView(parsed) ? { ...PLATFORM_BRAND, ...parsed } : null;
  } catch {
    return null;
  }
}

function settle(next: Partial<BrandState>): void {
  const state = { ...brandStore.getState(), ...next };
  brandStore.setState({ ...next, brand: state.tenant ?? state.host ?? PLATFORM_BRAND });
}

/** The host's brand arrived (or null: the platform's, also when it could not be read). */
export function setHostBrand(brand: BrandView | null): void {
  const host = brand ?? PLATFORM_BRAND;
  if (!sessionStore.getState().token) remember(cacheKey(), host);
  settle({ host, settled: true });
}

/** The host's brand could not be read: the one known (remembered from an earlier visit) stays, else the platform's. */
export function hostBrandFailed(): void {
  if (brandStore.getState().host === null) settle({ host: PLATFORM_BRAND, settled: true });
  else settle({ settled: true });
}

/** The signed-in tenant's brand arrived (null: signed out). */
export function setTenantBrand(brand: BrandView | null): void {
  if (brand && sessionStore.getState().token) remember(cacheKey(), brand);
  settle({ tenant: brand });
}

let defaultFavicon: { href: string; type: string } | null = null;

function applyFavicon(url: string | null): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  defaultFavicon ??= { href: link.getAttribute('href') ?? '', type: link.getAttribute('type') ?? '' };
  const href = url ?? defaultFavicon.href;
  if (link.getAttribute('href') === href) return;
  link.setAttribute('href', href);
  // The server judged the image; the browser reads its type from the answer.
  if (url) link.removeAttribute('type');
  else if (defaultFavicon.type) link.setAttribute('type', defaultFavicon.type);
}

function apply(brand: BrandView): void {
  setPrimaryColor(brand.primaryColor);
  applyFavicon(brand.favicon);
  applyDefaultLanguage(brand.defaultLanguage);
}

let started = false;

/** Applies the brand in force now and whenever it changes; before anything is read, the one this browser saw last
 * on this host (or for this tenant), so a returning visitor sees no other brand first. Once, at start. */
export function startBrand(): void {
  if (started) return;
  started = true;
  const cached = remembered(cacheKey());
  if (cached) {
    if (sessionStore.getState().token) settle({ tenant: cached });
    else settle({ host: cached, settled: true });
  }
  apply(brandStore.getState().brand);
  brandStore.subscribe((state, prev) => {
    if (state.brand !== prev.brand) apply(state.brand);
  });
  // Signing out drops the tenant's brand (the host's shows again); signing in shows the one this browser saw last for
  // that tenant until the console reads it.
  sessionStore.subscribe((state, prev) => {
    if (state.token === prev.token && state.tenantId === prev.tenantId) return;
    settle({ tenant: state.token ? remembered(cacheKey()) : null });
  });
}
