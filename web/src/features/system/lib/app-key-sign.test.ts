import { describe, expect, it } from 'vitest';

import { curlExample, pythonExample, queryOf, signCall, signedHeaders, stringToSign } from './app-key-sign';

// The same known answer as iotyun/system/appkeys/signing.py gives (tests/system/test_app_keys.py signs alike).
const CALL = {
  method: 'POST',
  path: '/yun/rDev',
  query: 'a=1&b=%E4%B8%AD',
  timestamp: '1767312000000',
  nonce: 'abcdefabcdefabcd',
  body: '{"device_id":1}',
};

describe('signing a call with an app key', () => {
  it('gives the server’s known answer', async () => {
    expect(await signCall('aks_test-secret', CALL)).toBe(
      '74f24a3953e21b2cd2bf29ecd31a2be8e3d944a8bd6fe9de3e45602adc09b23f',
    );
  });

  it('signs the method, path, query, time, nonce and the body’s digest, one a line', async () => {
    const text = await stringToSign({ ...CALL, method: 'post', body: '' });
    expect(text.split('\n')).toEqual([
      'POST',
      '/yun/rDev',
      'a=1&b=%E4%B8%AD',
      '1767312000000',
      'abcdefabcdefabcd',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ]);
  });

  it('makes the four headers with a fresh nonce each time', async () => {
    const call = { method: 'GET', path: '/dev', query: '', body: '' };
    const a = await signedHeaders('ak_1', 'aks_x', call, 1000);
    const b = await signedHeaders('ak_1', 'aks_x', call, 1000);
    expect(a['X-App-Key']).toBe('ak_1');
    expect(a['X-Timestamp']).toBe('1000');
    expect(a['X-Nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(a['X-Nonce']).not.toBe(b['X-Nonce']);
    expect(a['X-Signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('spells the query as it is sent, leaving out empty values', () => {
    expect(queryOf({ device_id: '12', q: '', name: '泵 1' })).toBe('device_id=12&name=%E6%B3%B5+1');
  });

  it('writes the curl and Python recipes of a call', () => {
    const e = { method: 'GET', path: '/rDev', query: 'device_id=1', body: '' };
    const curl = curlExample('https://iot.example.com/api', e);
    expect(curl).toContain("curl -X GET 'https://iot.example.com/api/rDev?device_id=1'");
    expect(curl).toContain('openssl dgst -sha256 -mac HMAC -macopt hexkey:$SIGNING_KEY');
    expect(curl).not.toContain('--data-binary');
    const post = curlExample('https://iot.example.com/api', { ...e, method: 'POST', body: '{"a":1}' });
    expect(post).toContain('--data-binary "$BODY"');
    const python = pythonExample('https://iot.example.com/api', e);
    expect(python).toContain('method, path, query = "GET", "/rDev", "device_id=1"');
    expect(python).toContain('hmac.new(key, text.encode(), hashlib.sha256).hexdigest()');
  });
});
