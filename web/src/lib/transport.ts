// The wire under lib/http: one request over XMLHttpRequest (what axios used in the browser; the console shipped
// axios for it, 21 KB gzip on every page, /login included). lib/http builds the request (headers, signature, the
// very body sent) and reads the answer (envelope, toasts, re-login); this sends it and hands back what came, any
// HTTP status included. Tests replace the adapter (httpClient.defaults.adapter, src/test/mock-api.ts).

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface UploadProgress {
  loaded: number;
  /** Unknown when the browser cannot tell the body's length. */
  total?: number;
}

/** A request as it goes on the wire. */
export interface RequestConfig {
  method: Method;
  /** The API path ('/yun/user/config'), below baseURL; an absolute URL is used as it is. */
  url: string;
  baseURL: string;
  /** The query ({} for none): null and undefined values are left out, arrays repeat `key[]`, nested objects read
   * `key[sub]`. */
  params: Record<string, unknown>;
  /** The body exactly as sent (text, FormData, Blob, …); undefined sends none. */
  data?: unknown;
  headers: Record<string, string>;
  responseType: 'json' | 'blob' | 'arraybuffer';
  /** Milliseconds; 0 waits for ever. */
  timeout: number;
  signal?: AbortSignal;
  onUploadProgress?: (event: UploadProgress) => void;
}

/** The answer, whatever its status. JSON is parsed when it was asked for (text that is not JSON stays text). */
export interface RawResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  data: unknown;
}

/** No answer came: the time ran out, the network failed, or the caller cancelled. */
export class TransportError extends Error {
  readonly code: 'TIMEOUT' | 'NETWORK' | 'CANCELLED';

  constructor(code: TransportError['code'], message: string) {
    super(message);
    this.name = 'TransportError';
    this.code = code;
  }
}

export type Adapter = (config: RequestConfig) => Promise<RawResponse>;

/** axios's encoding of a query's names and values: `:`, `$`, `,` kept, spaces as `+`. */
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : String(value);
}

function addParam(pairs: string[], key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      if (item === null || item === undefined) continue;
      if (isPlainObject(item) || Array.isArray(item)) addParam(pairs, `${key}[]`, JSON.stringify(item));
      else pairs.push(`${encode(`${key}[]`)}=${encode(scalar(item))}`);
    }
    return;
  }
  if (isPlainObject(value)) {
    for (const [sub, item] of Object.entries(value)) addParam(pairs, `${key}[${sub}]`, item);
    return;
  }
  pairs.push(`${encode(key)}=${encode(scalar(value))}`);
}

/** The query string of `params` (without `?`), as axios wrote it. */
export function queryString(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) addParam(pairs, key, value);
  return pairs.join('&');
}

/** baseURL + url (an absolute url alone) + the query. */
export function requestUrl(config: Pick<RequestConfig, 'baseURL' | 'url' | 'params'>): string {
  const { baseURL, url } = config;
  const full =
    /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url) || !baseURL
      ? url
      : `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const query = queryString(config.params);
  if (!query) return full;
  const path = full.split('#')[0] ?? full;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

function responseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    const value = line.slice(at + 1).trim();
    headers[name] = name in headers ? `${headers[name] ?? ''}, ${value}` : value;
  }
  return headers;
}

function parsedJson(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends the request over XMLHttpRequest: upload progress, a timeout and cancelling, which fetch lacks or makes
 * longer. */
export const xhrAdapter: Adapter = (config) =>
  new Promise<RawResponse>((resolve, reject) => {
    const { signal } = config;
    if (signal?.aborted) {
      reject(new TransportError('CANCELLED', 'canceled'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(config.method.toUpperCase(), requestUrl(config), true);
    xhr.timeout = config.timeout;
    for (const [name, value] of Object.entries(config.headers)) {
      // No body, no type (as axios sent it).
      if (config.data === undefined && name.toLowerCase() === 'content-type') continue;
      xhr.setRequestHeader(name, value);
    }
    if (config.responseType !== 'json') xhr.responseType = config.responseType;
    const progress = config.onUploadProgress;
    if (progress) {
      xhr.upload.onprogress = (event) => {
        progress({ loaded: event.loaded, ...(event.lengthComputable ? { total: event.total } : {}) });
      };
    }
    const cancel = (): void => {
      xhr.abort();
    };
    signal?.addEventListener('abort', cancel, { once: true });
    const done = (): void => {
      signal?.removeEventListener('abort', cancel);
    };
    xhr.onload = () => {
      done();
      if (xhr.status === 0) {
        reject(new TransportError('NETWORK', 'Network Error'));
        return;
      }
      resolve({
        status: xhr.status,
        headers: responseHeaders(xhr.getAllResponseHeaders()),
        data: config.responseType === 'json' ? parsedJson(xhr.responseText) : (xhr.response as unknown),
      });
    };
    xhr.onerror = () => {
      done();
      reject(new TransportError('NETWORK', 'Network Error'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new TransportError('TIMEOUT', `timeout of ${String(config.timeout)}ms exceeded`));
    };
    xhr.onabort = () => {
      done();
      reject(
        signal?.aborted
          ? new TransportError('CANCELLED', 'canceled')
          : new TransportError('NETWORK', 'Request aborted'),
      );
    };
    xhr.send(config.data === undefined ? null : (config.data as XMLHttpRequestBodyInit));
  });
