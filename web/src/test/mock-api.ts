// Test helper: routes axios requests of lib/http to canned envelopes, and records them.
import { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

import { httpClient } from '@/lib/http';

export type Handler = (config: InternalAxiosRequestConfig) => unknown;

export function ok(data: unknown) {
  return { meta: { success: 1, message: '100001', detail: '成功', field: null, request_id: 't' }, data };
}

export function fail(code: string, detail: string, field: string | null = null) {
  return { meta: { success: 0, message: code, detail, field, request_id: 't' }, data: null };
}

/** Installs handlers keyed by "METHOD /path"; returns the list of requests made. */
export function mockApi(handlers: Record<string, Handler>): InternalAxiosRequestConfig[] {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    calls.push(config);
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
    const handler = handlers[key];
    const data = handler ? handler(config) : fail('100002', `no mock for ${key}`);
    return Promise.resolve({
      data,
      status: 200,
      statusText: 'OK',
      headers: new AxiosHeaders({ 'content-type': 'application/json' }),
      config,
    });
  };
  httpClient.defaults.adapter = adapter;
  return calls;
}

export function bodyOf(config: InternalAxiosRequestConfig): unknown {
  return typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
}
