// Session (login state) and app (UI) state: in-memory stores backed by the cookies SPEC §3 names.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

import type { AppRoute } from '@/types/route';
import type { CustomPageConfig, SessionPayload, UserConfigPayload, UserInfo } from '@/types/session';
import { DEFAULT_LANGUAGE, LANGUAGES, MAX_NAV_TABS, type Language } from './constants';
import { HOME_TAB, normalizeTabs, upsertTab, type NavTab } from './nav-tabs';
import { forgetShareLinkTokens } from './share-links/known-urls';
import { setUserZone } from './timezone';

export type { NavTab } from './nav-tabs';

export const COOKIE = {
  token: 'iotyun_token',
  userId: 'iotyun_user_id',
  roles: 'iotyun_roles',
  userInfo: 'iotyun_user_info',
  tenantId: 'iotyun_tenant_id',
  oldUser: 'iotyun_old_user',
  defaultPage: 'iotyun_default_page',
  newGroupManager: 'iotyun_new_group_manager',
  navList: 'iotyun_nav_list',
  /** Read by the server too (Accept-Language fallback), hence the plain name. */
  language: 'lang',
  sidebar: 'sidebarStatus',
  rememberedAccount: 'iotyun_account',
} as const;

/** Percent-encodes a cookie's value but for the characters a cookie may hold as they are, as js-cookie wrote it (the
 * console's earlier cookies read the same). */
function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

function decodeCookieValue(value: string): string {
  const unquoted = value.startsWith('"') ? value.slice(1, -1) : value;
  return unquoted.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined' || !document.cookie) return undefined;
  for (const pair of document.cookie.split('; ')) {
    const at = pair.indexOf('=');
    try {
      if (decodeURIComponent(at < 0 ? pair : pair.slice(0, at)) === name)
        return decodeCookieValue(at < 0 ? '' : pair.slice(at + 1));
    } catch {
      // Another site's cookie that is not percent-encoding: not one of ours.
    }
  }
  return undefined;
}

/** Sets (or, with an expiry in the past, removes) a cookie of the whole console (path /); `expires` in days or a
 * date, none for the browser's session. */
function setCookie(name: string, value: string, expires?: Date | number): void {
  if (typeof document === 'undefined') return;
  const at = typeof expires === 'number' ? new Date(Date.now() + expires * 864e5) : expires;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  const until = at ? `; expires=${at.toUTCString()}` : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeCookieValue(value)}; path=/; samesite=lax${secure}${until}`;
}

export function writeCookie(name: string, value: string, expires?: Date | number): void {
  setCookie(name, value, expires);
}

export function removeCookie(name: string): void {
  setCookie(name, '', -1);
}

function readJsonCookie<T>(name: string, isValid: (v: unknown) => v is T): T | undefined {
  const raw = readCookie(name);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const isUserInfo = (v: unknown): v is UserInfo =>
  typeof v === 'object' && v !== null && 'user_id' in v && 'x_Token' in v && 'pub_key' in v;

type StoredTab = Pick<NavTab, 'name' | 'titleKey'> & { url?: string };

const isNavList = (v: unknown): v is StoredTab[] =>
  Array.isArray(v) &&
  v.every(
    (x: unknown) =>
      typeof x === 'object' &&
      x !== null &&
      typeof (x as StoredTab).name === 'string' &&
      typeof (x as StoredTab).titleKey === 'string' &&
      ['string', 'undefined'].includes(typeof (x as StoredTab).url),
  );

export interface AlarmItem {
  id: string | number;
  confirmed: boolean;
}

export interface SessionState {
  name: string;
  nickName: string;
  token: string;
  userId: string;
  tenantId: string;
  tenantName: string;
  roleName: string;
  /** Role codes (administrator, administrator2, custom). */
  roles: string[];
  /** grantedPermissions split into codes. */
  permissions: string[];
  /** True once GET /yun/user/config has been applied in this page load. */
  rolesLoaded: boolean;
  defaultPage: string;
  userInfo: UserInfo | null;
  navList: NavTab[];
  activeIndex: string;
  dashboardId: string;
  canvasEdit: boolean;
  alarmList: AlarmItem[];
  mustChangePassword: boolean;
  isAdmin2: boolean;
  /** The role's device permission items (GET /yun/user/config); null until known, when screens offer every action
   * (the server checks each). Per device, lib/telemetry/device-privileges answers more exactly. */
  deviceItems: string[] | null;
  /** Share-link visitor: roles come from the shared user and are not persisted. */
  shareUser: boolean;
  /** Routes of the guarded tree this user may open (filtered recursively). */
  allowedRoutes: AppRoute[];
  customPage: CustomPageConfig | null;
  /** Set while an administrator is signed in as another user (simulated login). */
  simulation: SimulationInfo | null;
}

// ---------------------------------------------------------------------------------------------------------
// Simulated login: the administrator's own session waits in sessionStorage while they act as another user.

export const SIMULATION_KEY = 'iotyun.simulation';

export interface SimulationInfo {
  /** The simulated user's name (shown in the banner). */
  userName: string;
  /** The administrator's name. */
  adminName: string;
}

/** What is put aside to bring the administrator's session back. */
interface SavedAdminSession {
  info: SimulationInfo;
  token: string;
  userId: string;
  tenantId: string;
  userInfo: UserInfo | null;
  isAdmin2: boolean;
}

const isSavedAdminSession = (v: unknown): v is SavedAdminSession =>
  typeof v === 'object' &&
  v !== null &&
  'info' in v &&
  typeof (v as SavedAdminSession).token === 'string' &&
  (v as SavedAdminSession).token !== '' &&
  typeof (v as SavedAdminSession).info.userName === 'string';

function readSimulation(): SavedAdminSession | null {
  if (typeof window === 'undefined') return null;
  try {
    const raw = window.sessionStorage.getItem(SIMULATION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSavedAdminSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function clearSimulation(): void {
  if (typeof window !== 'undefined') window.sessionStorage.removeItem(SIMULATION_KEY);
}

function initialSession(): SessionState {
  const userInfo = readJsonCookie(COOKIE.userInfo, isUserInfo) ?? null;
  return {
    name: userInfo?.user_name ?? '',
    nickName: '',
    token: readCookie(COOKIE.token) ?? '',
    userId: readCookie(COOKIE.userId) ?? '',
    tenantId: readCookie(COOKIE.tenantId) ?? '',
    tenantName: '',
    roleName: '',
    roles: [],
    permissions: [],
    rolesLoaded: false,
    defaultPage: readCookie(COOKIE.defaultPage) ?? '',
    userInfo,
    navList: normalizeTabs(readJsonCookie(COOKIE.navList, isNavList) ?? []),
    activeIndex: '',
    dashboardId: '',
    canvasEdit: false,
    alarmList: [],
    mustChangePassword: false,
    isAdmin2: readCookie(COOKIE.newGroupManager) === '1',
    deviceItems: null,
    shareUser: false,
    allowedRoutes: [],
    customPage: null,
    simulation: readSimulation()?.info ?? null,
  };
}

export const sessionStore = createStore<SessionState>()(() => initialSession());

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

/** Roles and granted permission codes together: what a route's `perms` list is matched against. */
export function sessionCodes(
  s: Pick<SessionState, 'roles' | 'permissions'> = sessionStore.getState(),
): Set<string> {
  return new Set([...s.roles, ...s.permissions]);
}

export function splitCodes(codes: string | null | undefined): string[] {
  return (codes ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

/** A cookie stays under the 4 KB browsers keep: the oldest tabs (never home, first) are left out of it. */
const NAV_COOKIE_MAX_CHARS = 3500;

function persistNavList(list: NavTab[]): void {
  let kept = list;
  while (kept.length > 1 && JSON.stringify(kept).length > NAV_COOKIE_MAX_CHARS) {
    const oldest = kept.findIndex((t) => t.name !== HOME_TAB.name);
    kept = kept.filter((_, i) => i !== oldest);
  }
  if (kept.length === 0) removeCookie(COOKIE.navList);
  else writeCookie(COOKIE.navList, JSON.stringify(kept));
}

/** Stores the login answer (SPEC §4: user info, name, token, user id; the tab list is cleared). */
export function login(payload: SessionPayload): void {
  const token = payload.x_Token ?? '';
  const userInfo: UserInfo = {
    user_id: payload.user_id,
    user_name: payload.user_name,
    x_Token: token,
    pub_key: payload.pub_key ?? '',
    pri_key: payload.pri_key ?? '',
  };
  const expires = payload.expires_at > Date.now() ? new Date(payload.expires_at) : undefined;
  writeCookie(COOKIE.token, token, expires);
  writeCookie(COOKIE.userId, String(payload.user_id), expires);
  writeCookie(COOKIE.tenantId, String(payload.tenant_id), expires);
  writeCookie(COOKIE.userInfo, JSON.stringify(userInfo), expires);
  // The default page is computed by the guard from menuPermissions once the permissions are loaded.
  removeCookie(COOKIE.defaultPage);
  if (payload.old_user) writeCookie(COOKIE.oldUser, '1', expires);
  else removeCookie(COOKIE.oldUser);
  if (payload.is_admin2) writeCookie(COOKIE.newGroupManager, '1', expires);
  else removeCookie(COOKIE.newGroupManager);
  persistNavList([]);
  // Every time of the console follows the user's effective zone from now on (lib/timezone).
  setUserZone(payload.time_zone);
  // A fresh sign-in ends any simulated login of this tab (startSimulation sets it again afterwards).
  clearSimulation();
  sessionStore.setState({
    simulation: null,
    name: payload.user_name,
    nickName: payload.nick_name,
    token,
    userId: String(payload.user_id),
    tenantId: String(payload.tenant_id),
    tenantName: payload.tenant_name,
    userInfo,
    defaultPage: '',
    navList: [],
    activeIndex: '',
    mustChangePassword: payload.must_change_password,
    isAdmin2: payload.is_admin2,
    // Roles are (re)loaded by the guard from GET /yun/user/config.
    roles: [],
    permissions: [],
    rolesLoaded: false,
    deviceItems: null,
    allowedRoutes: [],
  });
}

/** Applies GET /yun/user/config: roles, permissions and the routes they open. */
export function applyUserConfig(
  config: UserConfigPayload,
  allowedRoutes: AppRoute[],
  defaultPage: string,
): void {
  const s = sessionStore.getState();
  if (!s.shareUser) writeCookie(COOKIE.roles, JSON.stringify(config.roles));
  writeCookie(COOKIE.defaultPage, defaultPage);
  setUserZone(config.time_zone);
  sessionStore.setState({
    name: config.user_name,
    nickName: config.nick_name,
    userId: String(config.user_id),
    tenantId: String(config.tenant_id),
    tenantName: config.tenant_name,
    roleName: config.role_name,
    roles: [...config.roles],
    permissions: splitCodes(config.grantedPermissions),
    rolesLoaded: true,
    defaultPage,
    mustChangePassword: config.must_change_password,
    isAdmin2: config.is_admin2,
    deviceItems: config.device_permissions ?? null,
    allowedRoutes,
  });
}

export function setCustomPage(config: CustomPageConfig | null): void {
  sessionStore.setState({ customPage: config });
}

/** Logout: clears the login data plus roles, tenant, tabs and routes (the menu follows allowedRoutes). */
export function logout(): void {
  for (const name of [
    COOKIE.token,
    COOKIE.userId,
    COOKIE.userInfo,
    COOKIE.roles,
    COOKIE.tenantId,
    COOKIE.navList,
    COOKIE.oldUser,
    COOKIE.defaultPage,
    COOKIE.newGroupManager,
  ]) {
    removeCookie(name);
  }
  clearSimulation();
  // The share-link addresses this tab was given belong to the account signing out.
  forgetShareLinkTokens();
  setUserZone(null);
  const fresh = initialSession();
  sessionStore.setState({
    ...fresh,
    token: '',
    userId: '',
    tenantId: '',
    userInfo: null,
    navList: [],
    simulation: null,
  });
}

/**
 * Simulated login: puts the administrator's current session aside (sessionStorage) and signs in with the
 * simulated user's session payload. Routes and menu reload on the next navigation (roles are cleared).
 */
export function startSimulation(payload: SessionPayload): void {
  const s = sessionStore.getState();
  if (!s.token) throw new Error('no session to put aside');
  if (s.simulation) throw new Error('already simulating');
  const info: SimulationInfo = { userName: payload.user_name, adminName: s.name };
  const saved: SavedAdminSession = {
    info,
    token: s.token,
    userId: s.userId,
    tenantId: s.tenantId,
    userInfo: s.userInfo,
    isAdmin2: s.isAdmin2,
  };
  login(payload);
  window.sessionStorage.setItem(SIMULATION_KEY, JSON.stringify(saved));
  sessionStore.setState({ simulation: info });
}

/**
 * Ends a simulated login locally: brings the administrator's session back (cookies and store) and clears the
 * stash. Returns false when there was nothing to restore (the caller then signs out).
 */
export function endSimulation(): boolean {
  const saved = readSimulation();
  clearSimulation();
  if (!saved) {
    sessionStore.setState({ simulation: null });
    return false;
  }
  writeCookie(COOKIE.token, saved.token);
  writeCookie(COOKIE.userId, saved.userId);
  writeCookie(COOKIE.tenantId, saved.tenantId);
  if (saved.userInfo) writeCookie(COOKIE.userInfo, JSON.stringify(saved.userInfo));
  else removeCookie(COOKIE.userInfo);
  if (saved.isAdmin2) writeCookie(COOKIE.newGroupManager, '1');
  else removeCookie(COOKIE.newGroupManager);
  removeCookie(COOKIE.defaultPage);
  removeCookie(COOKIE.oldUser);
  persistNavList([]);
  sessionStore.setState({
    name: saved.userInfo?.user_name ?? saved.info.adminName,
    nickName: '',
    token: saved.token,
    userId: saved.userId,
    tenantId: saved.tenantId,
    userInfo: saved.userInfo,
    isAdmin2: saved.isAdmin2,
    defaultPage: '',
    navList: [],
    activeIndex: '',
    mustChangePassword: false,
    roles: [],
    permissions: [],
    rolesLoaded: false,
    allowedRoutes: [],
    simulation: null,
  });
  return true;
}

/** Reads and clears the old-user flag (set at login when the account had logged in before). */
export function takeOldUserFlag(): boolean {
  const set = readCookie(COOKIE.oldUser) === '1';
  if (set) removeCookie(COOKIE.oldUser);
  return set;
}

/** Opens the tab of a page: its own tab when already open (a new query string updates its address). */
export function addTab(tab: NavTab): void {
  const next = upsertTab(sessionStore.getState().navList, tab, MAX_NAV_TABS);
  persistNavList(next);
  sessionStore.setState({ navList: next, activeIndex: tab.name });
}

export function removeTab(name: string): void {
  const next = sessionStore.getState().navList.filter((t) => t.name !== name);
  persistNavList(next);
  sessionStore.setState({ navList: next });
}

export function keepTabs(names: readonly string[]): void {
  const next = sessionStore.getState().navList.filter((t) => names.includes(t.name));
  persistNavList(next);
  sessionStore.setState({ navList: next });
}

export function setCanvasEdit(canvasEdit: boolean): void {
  sessionStore.setState({ canvasEdit });
}

export function setMustChangePassword(mustChangePassword: boolean): void {
  sessionStore.setState({ mustChangePassword });
}

// ---------------------------------------------------------------------------------------------------------
// App state: language, sidebar, status flags.

export interface AppState {
  language: Language;
  sidebarOpened: boolean;
  device: 'desktop' | 'mobile';
  /** Whether the header bell shows its badge (the count is the unconfirmed alarms in the session). */
  bellBadge: boolean;
  popupMessage: boolean;
  /** Last HTTP status the wrapper flagged (500 on a server failure), 0 when fine. */
  statusCode: number;
  /** Raised by every error toast. */
  errorFlag: boolean;
  /** Dashboard shown fullscreen (the one-error-toast rule does not apply then). */
  dashboardFullscreen: boolean;
}

function initialLanguage(): Language {
  const fromCookie = readCookie(COOKIE.language);
  return (LANGUAGES as readonly string[]).includes(fromCookie ?? '')
    ? (fromCookie as Language)
    : DEFAULT_LANGUAGE;
}

export const appStore = createStore<AppState>()(() => ({
  language: initialLanguage(),
  sidebarOpened: readCookie(COOKIE.sidebar) !== '0',
  device: 'desktop',
  bellBadge: true,
  popupMessage: false,
  statusCode: 0,
  errorFlag: false,
  dashboardFullscreen: false,
}));

export function useAppState<T>(selector: (s: AppState) => T): T {
  return useStore(appStore, selector);
}

export function setLanguage(language: Language): void {
  writeCookie(COOKIE.language, language, 365);
  appStore.setState({ language });
}

/** Whether the user chose a language (the language cookie): a brand's default language then stands aside. */
export function languageChosen(): boolean {
  return (LANGUAGES as readonly string[]).includes(readCookie(COOKIE.language) ?? '');
}

/** A brand's default language (null: the platform's), for a browser whose user has not chosen one; nothing is
 * remembered, so the user's own choice still wins later. */
export function applyDefaultLanguage(language: Language | null): void {
  if (languageChosen()) return;
  const wanted = language ?? DEFAULT_LANGUAGE;
  if (appStore.getState().language !== wanted) appStore.setState({ language: wanted });
}

export function setSidebarOpened(sidebarOpened: boolean): void {
  writeCookie(COOKIE.sidebar, sidebarOpened ? '1' : '0', 365);
  appStore.setState({ sidebarOpened });
}

export function setStatusCode(statusCode: number): void {
  appStore.setState({ statusCode });
}

export function setErrorFlag(errorFlag: boolean): void {
  appStore.setState({ errorFlag });
}

export function setDashboardFullscreen(dashboardFullscreen: boolean): void {
  appStore.setState({ dashboardFullscreen });
}

export function rememberAccount(account: string | null): void {
  if (account) writeCookie(COOKIE.rememberedAccount, account, 365);
  else removeCookie(COOKIE.rememberedAccount);
}

export function rememberedAccount(): string {
  return readCookie(COOKIE.rememberedAccount) ?? '';
}
