import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import { signCall } from '../lib/app-key-sign';
import { KEY_OPERATIONS } from '../lib/app-key-operations';
import DocumentAppKeyPage from './document-app-key';

function renderPage() {
  renderRoutes([{ path: '/documentAppKey', Component: DocumentAppKeyPage }], {
    initialEntries: ['/documentAppKey'],
  });
}

const cardOf = (path: string, method: string) => {
  const card = screen
    .getAllByText(path, { selector: '.app-key-doc__path' })
    .map((el) => el.closest<HTMLElement>('.ant-card')!)
    .find((el) => within(el).queryByText(method, { selector: '.ant-tag' }));
  if (!card) throw new Error(`no ${method} ${path}`);
  return card;
};

afterEach(() => {
  resetScreenWidth();
  vi.restoreAllMocks();
});

describe('the app key reference', () => {
  it('lists every operation keys may call, from the OpenAPI document, by scope', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'AppKey 接入文档' })).toBeInTheDocument();
    expect(KEY_OPERATIONS.length).toBeGreaterThanOrEqual(10);
    for (const op of KEY_OPERATIONS) expect(cardOf(op.path, op.method)).toBeInTheDocument();
    for (const scope of ['devices:read', 'history:read', 'values:write', 'devices:manage'])
      expect(screen.getByRole('region', { name: scope })).toBeInTheDocument();
    // The refusals a key's call may meet, with the catalogue's texts.
    expect(screen.getByText('应用密钥已吊销')).toBeInTheDocument();
    expect(screen.getByText('请求时间戳与服务器时间相差超过 300 秒')).toBeInTheDocument();
    expect(screen.queryByText(/\{seconds\}|\{limit\}/)).toBeNull();
    // Nothing a key may not call: no team, no key management.
    expect(screen.queryByText('/yun/appkeys', { selector: '.app-key-doc__path' })).toBeNull();
    expect(screen.queryByText('/yun/userInfo', { selector: '.app-key-doc__path' })).toBeNull();
  });

  it('gives each operation a curl and a Python example', async () => {
    const user = userEvent.setup();
    renderPage();
    const write = cardOf('/yun/rDev', 'POST');
    expect(within(write).getByText(/curl -X POST '.*\/api\/yun\/rDev'/)).toBeInTheDocument();
    await user.click(within(write).getByRole('tab', { name: 'Python' }));
    expect(
      await within(write).findByText(/method, path, query = "POST", "\/yun\/rDev", ""/),
    ).toBeInTheDocument();
  });

  it('signs a try-it call in the browser with the pasted key and shows the answer', async () => {
    const user = userEvent.setup();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{"meta":{"success":1},"data":{"ok":true}}', { status: 200 }));
    renderPage();
    const live = cardOf('/rDev', 'GET');
    await user.click(within(live).getByRole('tab', { name: '在线调试' }));
    await user.click(within(live).getByRole('button', { name: /发送签名请求/ }));
    expect(await within(live).findByText('请先粘贴密钥 ID 和密钥')).toBeInTheDocument();
    await user.type(within(live).getByLabelText('密钥 ID'), 'ak_0123456789abcdef01234567');
    await user.type(within(live).getByLabelText('密钥'), 'aks_test-secret');
    await user.clear(within(live).getByLabelText('device_id'));
    await user.type(within(live).getByLabelText('device_id'), '12');
    await user.click(within(live).getByRole('button', { name: /发送签名请求/ }));
    await waitFor(() => {
      expect(fetch).toHaveBeenCalledTimes(1);
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/rDev?device_id=12');
    const headers = init!.headers as Record<string, string>;
    expect(headers['X-App-Key']).toBe('ak_0123456789abcdef01234567');
    const expected = await signCall('aks_test-secret', {
      method: 'GET',
      path: '/rDev',
      query: 'device_id=12',
      timestamp: headers['X-Timestamp']!,
      nonce: headers['X-Nonce']!,
      body: '',
    });
    expect(headers['X-Signature']).toBe(expected);
    expect(await within(live).findByTestId('try-answer')).toHaveTextContent('"ok": true');
  }, 60_000);

  it('offers a signed-in user their active keys to pick the id from', async () => {
    const user = userEvent.setup();
    signInAs(['P80000']);
    mockApi({
      'GET /yun/appkeys': () =>
        ok([
          { key_id: 'ak_aaaaaaaaaaaaaaaaaaaaaaaa', name: 'ERP', state: 'active' },
          { key_id: 'ak_bbbbbbbbbbbbbbbbbbbbbbbb', name: 'Old', state: 'revoked' },
        ]),
    });
    renderPage();
    const live = cardOf('/rDev', 'GET');
    await user.click(within(live).getByRole('tab', { name: '在线调试' }));
    await user.click(await within(live).findByRole('combobox', { name: '选择您的一个密钥' }));
    expect(screen.queryByTitle('Old · ak_bbbbbbbbbbbbbbbbbbbbbbbb')).toBeNull();
    await user.click(await screen.findByTitle('ERP · ak_aaaaaaaaaaaaaaaaaaaaaaaa'));
    expect(within(live).getByLabelText('密钥 ID')).toHaveValue('ak_aaaaaaaaaaaaaaaaaaaaaaaa');
  }, 60_000);

  it('fits a phone (390 px)', async () => {
    setScreenWidth(390);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'AppKey 接入文档' })).toBeInTheDocument();
  });
});
