// Test helper: routes the requests of lib/http to canned envelopes, and records them.
import { httpClient, type RawResponse, type RequestConfig } from '@/lib/http';

export type Handler = (config: RequestConfig) => unknown;

export function ok(data: unknown) {
  return { meta: { success: 1, message: '100001', detail: '成功', field: null, request_id: 't' }, data };
}

export function fail(code: string, detail: string, field: string | null = null) {
  return { meta: { success: 0, message: code, detail, field, request_id: 't' }, data: null };
}

/** Installs handlers keyed by "METHOD /path"; returns the list of requests made. */
export function mockApi(handlers: Record<string, Handler>): RequestConfig[] {
  const calls: RequestConfig[] = [];
  httpClient.defaults.adapter = (config) => {
    calls.push(config);
    const key = `${config.method.toUpperCase()} ${config.url}`;
    const handler = handlers[key];
    const data = handler ? handler(config) : fail('100002', `no mock for ${key}`);
    const response: RawResponse = { data, status: 200, headers: { 'content-type': 'application/json' } };
    return Promise.resolve(response);
  };
  return calls;
}

export function bodyOf(config: RequestConfig): unknown {
  return typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
}
