import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { queryString, requestUrl, TransportError, xhrAdapter, type RequestConfig } from './transport';

describe('the query, as axios wrote it', () => {
  it('leaves out null and undefined, repeats arrays as key[], nests objects as key[sub]', () => {
    expect(
      queryString({
        page: 1,
        q: 'a b',
        none: null,
        gone: undefined,
        flag: false,
        ids: [1, null, 2],
        range: { from: 3, to: 4 },
      }),
    ).toBe('page=1&q=a+b&flag=false&ids%5B%5D=1&ids%5B%5D=2&range%5Bfrom%5D=3&range%5Bto%5D=4');
  });

  it('keeps : $ , as they are and encodes the rest', () => {
    expect(queryString({ t: '10:00,$5', s: '风机&/?#' })).toBe('t=10:00,$5&s=%E9%A3%8E%E6%9C%BA%26%2F%3F%23');
  });

  it('writes a date as ISO text', () => {
    expect(queryString({ at: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) })).toBe('at=2024-01-02T03:04:05.000Z');
  });

  it('joins the base and the path, and uses an absolute URL as it is', () => {
    expect(requestUrl({ baseURL: '/api', url: '/yun/dev', params: { page: 2 } })).toBe('/api/yun/dev?page=2');
    expect(requestUrl({ baseURL: 'https://iot.example.com/api/', url: 'x', params: {} })).toBe(
      'https://iot.example.com/api/x',
    );
    expect(requestUrl({ baseURL: '/api', url: 'https://other.example.com/y?a=1', params: { b: 2 } })).toBe(
      'https://other.example.com/y?a=1&b=2',
    );
  });
});

/** A stand-in XMLHttpRequest the test answers by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  timeout = 0;
  responseType = '';
  status = 0;
  responseText = '';
  response: unknown = null;
  rawHeaders = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.onabort?.();
  }

  getAllResponseHeaders() {
    return this.rawHeaders;
  }

  answer(
    status: number,
    text: string,
    headers = 'Content-Type: application/json\r\nDate: Mon, 01 Jan 2024 00:00:00 GMT',
  ) {
    this.status = status;
    this.responseText = text;
    this.response = text;
    this.rawHeaders = headers;
    this.onload?.();
  }
}

function config(overrides: Partial<RequestConfig> = {}): RequestConfig {
  return {
    method: 'post',
    url: '/yun/x',
    baseURL: '/api',
    params: {},
    data: '{"a":1}',
    headers: { 'Content-Type': 'application/json', 'X-Token': 't' },
    responseType: 'json',
    timeout: 90_000,
    ...overrides,
  };
}

const xhr = (): FakeXhr => {
  if (!FakeXhr.last) throw new Error('no request made');
  return FakeXhr.last;
};

describe('xhrAdapter', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the method, URL, headers, timeout and body, and parses a JSON answer', async () => {
    const answer = xhrAdapter(config({ params: { page: 1 } }));
    expect(xhr()).toMatchObject({
      method: 'POST',
      url: '/api/yun/x?page=1',
      headers: { 'Content-Type': 'application/json', 'X-Token': 't' },
      body: '{"a":1}',
      timeout: 90_000,
      responseType: '',
    });
    xhr().answer(200, '{"meta":{"success":1},"data":7}');
    await expect(answer).resolves.toEqual({
      status: 200,
      headers: { 'content-type': 'application/json', date: 'Mon, 01 Jan 2024 00:00:00 GMT' },
      data: { meta: { success: 1 }, data: 7 },
    });
  });

  it('sends no Content-Type without a body, and keeps text that is not JSON', async () => {
    const answer = xhrAdapter(config({ method: 'get', data: undefined }));
    expect(xhr().headers).toEqual({ 'X-Token': 't' });
    expect(xhr().body).toBeNull();
    xhr().answer(502, 'Bad Gateway', 'content-type: text/plain');
    await expect(answer).resolves.toMatchObject({ status: 502, data: 'Bad Gateway' });
  });

  it('asks for a blob as a blob', async () => {
    const answer = xhrAdapter(config({ method: 'get', data: undefined, responseType: 'blob' }));
    expect(xhr().responseType).toBe('blob');
    const blob = new Blob(['x']);
    xhr().status = 200;
    xhr().response = blob;
    xhr().onload?.();
    await expect(answer).resolves.toMatchObject({ data: blob });
  });

  it('reports upload progress', async () => {
    const seen: unknown[] = [];
    const answer = xhrAdapter(config({ onUploadProgress: (event) => seen.push(event) }));
    xhr().upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent);
    xhr().upload.onprogress?.({ loaded: 7, total: 0, lengthComputable: false } as ProgressEvent);
    xhr().answer(200, '{}');
    await answer;
    expect(seen).toEqual([{ loaded: 5, total: 10 }, { loaded: 7 }]);
  });

  it('fails with TIMEOUT, NETWORK and CANCELLED', async () => {
    const slow = xhrAdapter(config());
    xhr().ontimeout?.();
    await expect(slow).rejects.toMatchObject({ name: 'TransportError', code: 'TIMEOUT' });

    const down = xhrAdapter(config());
    xhr().onerror?.();
    await expect(down).rejects.toBeInstanceOf(TransportError);

    const controller = new AbortController();
    const cancelled = xhrAdapter(config({ signal: controller.signal }));
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'CANCELLED' });

    await expect(xhrAdapter(config({ signal: controller.signal }))).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });
});
