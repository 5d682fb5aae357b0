// The one request wrapper (DESIGN §5.9): base URL, 90 s timeout, auth headers or signing, envelope, toasts, re-login.
// The request itself goes over lib/transport.ts (XMLHttpRequest).

import type { ApiMeta, Envelope } from '@/types/session';
import { apiBase } from './config';
import { REQUEST_TIMEOUT_MS } from './constants';
import { i18n, translateCode } from './i18n';
import { browser, currentAppPath, currentAppUrl, navigateTo } from './navigation';
import { appStore, logout, sessionStore, setMustChangePassword, setStatusCode } from './session';
import { serverClock, signHeaders } from './sign';
import { confirmDialog, toast } from './toast';
import {
  TransportError,
  xhrAdapter,
  type Adapter,
  type Method,
  type RawResponse,
  type RequestConfig,
  type UploadProgress,
} from './transport';

export type { RequestConfig, RawResponse } from './transport';

/** Codes that mean the session is gone (100009 ours; 50014 the legacy "token expired"). */
export const TOKEN_INVALID_CODES: ReadonlySet<string> = new Set(['100009', '50014']);
export const ILLEGAL_TOKEN = '100009';
export const PASSWORD_CHANGE_REQUIRED = '100013';
export const SERVICE_EXCEPTION = '100003';

/** Pages where only one error toast shows at a time (unless fullscreen or the request is a dashboard's own). */
export const ONE_ERROR_TOAST_PAGES: readonly string[] = [
  '/dashboard',
  '/configureMonitor',
  '/configurationCarousel',
];

const AUTH_PAGES: readonly string[] = ['/login', '/register', '/findPass', '/privacy'];

export class ApiError extends Error {
  readonly code: string;
  readonly field: string | null;
  readonly detail: string;
  readonly requestId: string | undefined;
  readonly status: number;

  constructor(init: {
    code: string;
    detail: string;
    field?: string | null;
    requestId?: string;
    status?: number;
  }) {
    super(init.detail || init.code);
    this.name = 'ApiError';
    this.code = init.code;
    this.field = init.field ?? null;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.status = init.status ?? 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  /** No toast at all (the caller shows the error, e.g. next to a form field via ApiError.field). */
  silent?: boolean;
  /** Alias of `silent` for readability in forms. */
  skipErrorToast?: boolean;
  /** Do not clear the session and go to /login on 100009 (the caller handles it). */
  skipAuthRedirect?: boolean;
  /** Send neither token headers nor a signature (only GET /yun/sys/info/timestamp). */
  unsigned?: boolean;
  /** The request belongs to a dashboard widget (exempt from the one-error-toast rule). */
  dashboardRequest?: boolean;
  /** Encode a plain-object body as application/x-www-form-urlencoded instead of JSON. */
  form?: boolean;
  responseType?: 'json' | 'blob' | 'arraybuffer';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Upload progress of a request body (file uploads). */
  onUploadProgress?: (event: UploadProgress) => void;
}

/** The transport every request goes through, and its timeout: tests put their own adapter here. */
export const httpClient: { defaults: { adapter: Adapter; timeout: number } } = {
  defaults: { adapter: xhrAdapter, timeout: REQUEST_TIMEOUT_MS },
};

const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
const JSON_TYPE = 'application/json;charset=UTF-8';

function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (typeof body !== 'object' || body === null || !('meta' in body)) return false;
  const { meta } = body;
  return typeof meta === 'object' && meta !== null && 'success' in meta && 'message' in meta;
}

function isPlainBody(data: unknown): boolean {
  if (Array.isArray(data)) return true;
  if (typeof data !== 'object' || data === null) return false;
  const proto: unknown = Object.getPrototypeOf(data);
  return proto === Object.prototype || proto === null;
}

/**
 * The body exactly as it is sent, so a token-less request's signature digests the very bytes:
 * JSON text for a plain object, urlencoded text for a form object or URLSearchParams, strings as they are. Other
 * bodies (FormData, Blob) are sent unchanged and signed as empty: no open endpoint takes them.
 */
function serializedBody(data: unknown, options: RequestOptions): { data: unknown; text: string | null } {
  if (data === undefined || data === null) return { data, text: null };
  if (typeof data === 'string') return { data, text: data };
  if (data instanceof URLSearchParams) return { data: data.toString(), text: data.toString() };
  if (isPlainBody(data)) {
    const text = options.form
      ? new URLSearchParams(
          Object.entries(data as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        ).toString()
      : JSON.stringify(data);
    return { data: text, text };
  }
  return { data, text: null };
}

async function buildHeaders(
  data: unknown,
  options: RequestOptions,
  signed?: { method: string; path: string; body: string | null },
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    'Accept-Language': appStore.getState().language,
  };
  // JSON when a body object is given, form-urlencoded otherwise; FormData/Blob set their own type.
  if (isPlainBody(data)) headers['Content-Type'] = options.form ? FORM_TYPE : JSON_TYPE;
  else if (data === undefined || data === null || typeof data === 'string' || data instanceof URLSearchParams)
    headers['Content-Type'] = FORM_TYPE;

  const session = sessionStore.getState();
  if (session.token) {
    headers['X-Token'] = session.token;
    headers['X-User'] = session.userId;
    if (session.tenantId) headers['X-Tenant'] = session.tenantId;
  } else if (!options.unsigned) {
    Object.assign(
      headers,
      await signHeaders(session.userInfo?.pri_key, {
        method: signed?.method ?? 'GET',
        path: signed?.path ?? '',
        body: signed?.body ?? null,
      }),
    );
  }
  return { ...headers, ...options.headers };
}

function headerValue(headers: RawResponse['headers'], name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

let reloginPromptOpen = false;
let expiring = false;

async function promptRelogin(): Promise<void> {
  if (reloginPromptOpen) return;
  reloginPromptOpen = true;
  const ok = await confirmDialog({
    type: 'warning',
    title: i18n.t('common.session.expiredTitle'),
    content: i18n.t('common.session.canvasRelogin'),
    okText: i18n.t('common.session.relogin'),
    cancelText: i18n.t('common.action.cancel'),
  });
  reloginPromptOpen = false;
  if (ok) {
    logout();
    browser.reload();
  }
}

let signingOut = false;

/** While the user signs out, requests still in flight answer 100009 once the token is revoked: that is expected,
 * not an expired session, so it must not send the user to /login?redirect=... (see app/layouts/use-logout.ts). */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

/** 100009 outside the canvas editor: clear the session and go to /login, once for a burst of failures. */
function expireSession(): void {
  // Already signed out (or signing out): an answer to a request of the old session changes nothing.
  if (expiring || signingOut || !sessionStore.getState().token) return;
  expiring = true;
  const path = currentAppPath();
  const back = currentAppUrl();
  logout();
  toast.warning(i18n.t('common.session.expired'));
  if (!AUTH_PAGES.includes(path)) {
    navigateTo(path === '/' ? '/login' : `/login?redirect=${encodeURIComponent(back)}`, { replace: true });
  }
  setTimeout(() => {
    expiring = false;
  }, 1000);
}

function showErrorToast(text: string, options: RequestOptions): void {
  const exclusive =
    ONE_ERROR_TOAST_PAGES.includes(currentAppPath()) &&
    !appStore.getState().dashboardFullscreen &&
    !options.dashboardRequest;
  toast.error(text, { exclusive });
}

const quiet = (options: RequestOptions): boolean =>
  options.silent === true || options.skipErrorToast === true;

function failWithMeta(meta: ApiMeta, status: number, options: RequestOptions): ApiError {
  const code = String(meta.message);
  const detail =
    meta.detail || translateCode(code, { field: meta.field ?? '' }) || i18n.t('common.http.failed');
  const error = new ApiError({
    code,
    detail,
    field: meta.field ?? null,
    status,
    ...(meta.request_id ? { requestId: meta.request_id } : {}),
  });

  if (TOKEN_INVALID_CODES.has(code) && sessionStore.getState().canvasEdit) {
    void promptRelogin();
    return error;
  }
  if (code === ILLEGAL_TOKEN) {
    if (!options.skipAuthRedirect) expireSession();
    return error;
  }
  if (code === PASSWORD_CHANGE_REQUIRED) {
    // The layout shows the change-password dialog that cannot be dismissed.
    setMustChangePassword(true);
    return error;
  }
  if (!quiet(options)) showErrorToast(detail, options);
  return error;
}

async function bodyOf(data: unknown): Promise<unknown> {
  if (data instanceof Blob) return JSON.parse(await data.text()) as unknown;
  if (data instanceof ArrayBuffer) return JSON.parse(new TextDecoder().decode(data)) as unknown;
  return data;
}

async function unwrap(response: RawResponse, options: RequestOptions): Promise<unknown> {
  const contentType = headerValue(response.headers, 'content-type') ?? '';
  let body = response.data;
  if (body instanceof Blob || body instanceof ArrayBuffer) {
    // Excel and other files come back raw; a JSON answer to a file request is an envelope (an error).
    if (!contentType.includes('json')) return body;
    body = await bodyOf(body);
  }
  if (!isEnvelope(body)) return body;
  if (body.meta.success === 1) return body.data;
  throw failWithMeta(body.meta, response.status, options);
}

/** A request that got no answer: cancelled (no toast), timed out or cut off. */
function transportError(error: unknown, options: RequestOptions): ApiError {
  if (!(error instanceof TransportError)) {
    return new ApiError({ code: 'UNKNOWN', detail: error instanceof Error ? error.message : String(error) });
  }
  if (error.code === 'CANCELLED') return new ApiError({ code: 'CANCELLED', detail: 'cancelled' });
  const text = i18n.t(error.code === 'TIMEOUT' ? 'common.http.timeout' : 'common.http.network');
  if (!quiet(options)) showErrorToast(text, options);
  return new ApiError({ code: error.code, detail: text, status: 0 });
}

/** An answer outside 2xx: the server's envelope when it sent one, else the status. */
async function statusError(response: RawResponse, url: string, options: RequestOptions): Promise<ApiError> {
  const { status } = response;
  let body: unknown = response.data;
  try {
    body = await bodyOf(body);
  } catch {
    body = undefined;
  }
  const meta = isEnvelope(body) ? body.meta : null;

  if (status >= 500) {
    setStatusCode(500);
    console.error('[http] server error', status, url, meta?.request_id ?? '');
    const text = i18n.t('common.http.serverBusy');
    if (!quiet(options)) showErrorToast(text, options);
    return new ApiError({
      code: meta ? String(meta.message) : SERVICE_EXCEPTION,
      detail: meta?.detail || text,
      field: meta?.field ?? null,
      status,
      ...(meta?.request_id ? { requestId: meta.request_id } : {}),
    });
  }
  if (meta) return failWithMeta(meta, status, options);

  const text = i18n.t('common.http.abnormal');
  if (!quiet(options)) showErrorToast(text, options);
  return new ApiError({ code: `HTTP_${String(status)}`, detail: text, status });
}

async function request<T>(
  method: Method,
  url: string,
  payload: { params?: Record<string, unknown> | undefined; data?: unknown },
  options: RequestOptions = {},
): Promise<T> {
  let response: RawResponse;
  // A token-less call is signed over its method, path and the very body sent (docs/security.md); every body is sent
  // as that text (JSON for an object, urlencoded for a form), signed or not.
  const body = serializedBody(payload.data, options);
  const config: RequestConfig = {
    method,
    url,
    baseURL: apiBase(),
    params: payload.params ?? {},
    data: body.data ?? undefined,
    headers: await buildHeaders(payload.data, options, { method, path: url, body: body.text }),
    responseType: options.responseType ?? 'json',
    timeout: httpClient.defaults.timeout,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
  };
  try {
    response = await httpClient.defaults.adapter(config);
  } catch (error) {
    throw transportError(error, options);
  }
  if (response.status < 200 || response.status >= 300) throw await statusError(response, url, options);
  serverClock.syncDateHeader(headerValue(response.headers, 'date'));
  if (appStore.getState().statusCode !== 0) setStatusCode(0);
  return (await unwrap(response, options)) as T;
}

/** GET with query params; resolves with the envelope's data. */
export function get<T>(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<T> {
  return request<T>('get', url, { params }, options);
}

export function post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('post', url, { data }, options);
}

export function put<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('put', url, { data }, options);
}

export function del<T>(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<T> {
  return request<T>('delete', url, { params }, options);
}

/** DELETE with a JSON body (batch deletes such as DELETE /yun/batch/dev/fictitious {ids}). */
export function delWithBody<T>(url: string, data: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('delete', url, { data }, options);
}

/** GET a file (Excel export, …); resolves with the raw Blob. */
export function getBlob(
  url: string,
  params?: Record<string, unknown>,
  options?: RequestOptions,
): Promise<Blob> {
  return request<Blob>('get', url, { params }, { ...options, responseType: 'blob' });
}

export const http = { get, post, put, delete: del, getBlob };

// -------------------------------------------------------------------------------------------------------
// Server clock: GET /yun/sys/info/timestamp every 10 s feeds the signing timestamps.

export async function syncServerClock(): Promise<void> {
  const sentAt = Date.now();
  const serverMs = await get<unknown>('/yun/sys/info/timestamp', undefined, {
    unsigned: true,
    silent: true,
    skipAuthRedirect: true,
  });
  serverClock.syncServer(Number(serverMs), sentAt, Date.now());
}

/** Starts the periodic clock sync; returns a stop function. */
export function startServerClock(intervalMs: number): () => void {
  const tick = (): void => {
    syncServerClock().catch(() => undefined);
  };
  tick();
  const timer = window.setInterval(tick, intervalMs);
  return () => {
    window.clearInterval(timer);
  };
}

/** True when the API answers (used by the offline prompt's fix button). */
export async function checkConnectivity(): Promise<boolean> {
  try {
    await syncServerClock();
    return true;
  } catch {
    return false;
  }
}
