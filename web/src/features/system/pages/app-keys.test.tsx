import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import type { AppKeyIn, AppKeyOut } from '../api/app-keys';
import AppKeysPage from './app-keys';

const NOW = Date.now();

function key(over: Partial<AppKeyOut> = {}): AppKeyOut {
  return {
    id: 1,
    key_id: 'ak_0123456789abcdef01234567',
    name: 'ERP',
    scopes: ['devices:read', 'history:read'],
    allowed_ips: [],
    rate_per_minute: 60,
    daily_quota: 10000,
    used_today: 12,
    expires_at: null,
    revoked_at: null,
    last_used_at: NOW - 60_000,
    last_used_ip: '203.0.113.7',
    state: 'active',
    owner_id: 5,
    owner_name: 'alice',
    created_at: NOW - 86_400_000,
    ...over,
  };
}

const KEYS: AppKeyOut[] = [
  key(),
  key({
    id: 2,
    key_id: 'ak_fedcba9876543210fedcba98',
    name: 'MES',
    scopes: ['values:write'],
    allowed_ips: ['10.8.0.0/16'],
    state: 'revoked',
    revoked_at: NOW - 1000,
    last_used_at: null,
    last_used_ip: '',
  }),
];

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/appkeys': () => ok(KEYS),
    'POST /yun/appkeys': (config) =>
      ok({
        ...key({ id: 7, ...(bodyOf(config) as object) }),
        key_id: 'ak_new',
        secret: 'aks_shown-once-123',
      }),
    'POST /yun/appkeys/1/revoke': () => ok(key({ state: 'revoked' })),
    ...over,
  };
}

function renderPage(calls: Record<string, Handler> = handlers()) {
  const made = mockApi(calls);
  renderRoutes([{ path: '/system/appKeys', Component: AppKeysPage }], {
    initialEntries: ['/system/appKeys'],
  });
  return made;
}

const sent = (calls: ReturnType<typeof mockApi>, method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url).map(bodyOf);

const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'strong' })).closest('tr')!;

beforeEach(() => {
  signInAs(['P80000']);
});

afterEach(() => {
  resetScreenWidth();
  vi.restoreAllMocks();
});

describe('the app keys page', () => {
  it('lists each key with its id, scopes, limits, last use and state', async () => {
    renderPage();
    const erp = await rowOf('ERP');
    expect(within(erp).getByText('ak_0123456789abcdef01234567')).toBeInTheDocument();
    expect(within(erp).getByText('读取设备')).toBeInTheDocument();
    expect(within(erp).getByText('读取历史数据')).toBeInTheDocument();
    expect(within(erp).getByText('60 次 / 分钟')).toBeInTheDocument();
    expect(within(erp).getByText('今日 12 / 10000')).toBeInTheDocument();
    expect(within(erp).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(erp).getByText('有效')).toBeInTheDocument();
    expect(within(erp).getByText('永不过期')).toBeInTheDocument();
    const mes = await rowOf('MES');
    expect(within(mes).getByText('已吊销')).toBeInTheDocument();
    expect(within(mes).getByText('从未使用')).toBeInTheDocument();
    expect(within(mes).getByText('1 个允许地址')).toBeInTheDocument();
    expect(within(mes).getByRole('button', { name: /吊\s*销/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: /集成方 API 文档/ })).toHaveAttribute('href', '/documentAppKey');
  });

  it('says when there is none yet', async () => {
    renderPage(handlers({ 'GET /yun/appkeys': () => ok([]) }));
    expect(await screen.findByText('还没有应用密钥')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /新建密钥/ })).toHaveLength(2);
  });

  it('creates a key, then shows its id and secret once', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = renderPage();
    await rowOf('ERP');
    await user.click(screen.getByRole('button', { name: /新建密钥/ }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByRole('button', { name: /创建密钥/ }));
    expect(await within(form).findByText('请输入名称')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('名称'), '  SCADA  ');
    await user.click(within(form).getByRole('checkbox', { name: /写入数值/ }));
    await user.type(within(form).getByLabelText('IP 白名单'), '203.0.113.7\n10.8.0.0/16');
    await user.clear(within(form).getByLabelText('频率限制'));
    await user.type(within(form).getByLabelText('频率限制'), '30');
    await user.click(within(form).getByRole('button', { name: /创建密钥/ }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/appkeys')).toHaveLength(1);
    });
    expect(sent(calls, 'post', '/yun/appkeys')[0] as AppKeyIn).toEqual({
      name: 'SCADA',
      scopes: ['devices:read', 'values:write'],
      expires_at: null,
      allowed_ips: ['203.0.113.7', '10.8.0.0/16'],
      rate_per_minute: 30,
      daily_quota: 10000,
    });
    const [title] = await screen.findAllByText('已创建密钥「SCADA」', { selector: '.ant-modal-title' });
    const shown = title!.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(shown).getByLabelText('密钥')).toHaveValue('aks_shown-once-123');
    expect(within(shown).getByLabelText('密钥 ID（X-App-Key）')).toHaveValue('ak_new');
    expect(within(shown).getByText(/只显示这一次/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: '复制密钥' }));
    expect(writeText).toHaveBeenCalledWith('aks_shown-once-123');
  }, 60_000); // a bound for a stall only

  it('puts the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    renderPage(
      handlers({
        'POST /yun/appkeys': () => fail('117853', 'IP 白名单须为 IP 地址或网段（最多 20 条）', 'allowed_ips'),
      }),
    );
    await rowOf('ERP');
    await user.click(screen.getByRole('button', { name: /新建密钥/ }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText('名称'), 'x');
    await user.type(within(form).getByLabelText('IP 白名单'), '10.0.0.300');
    await user.click(within(form).getByRole('button', { name: /创建密钥/ }));
    const field = within(form).getByLabelText('IP 白名单').closest<HTMLElement>('.ant-form-item')!;
    expect(await within(field).findByText(/IP 地址或网段/)).toBeInTheDocument();
  }, 60_000);

  it('revokes a key after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    const erp = await rowOf('ERP');
    await user.click(within(erp).getByRole('button', { name: /吊\s*销/ }));
    const confirm = await waitFor(() => {
      const box = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((el) =>
        el.textContent.includes('吊销「ERP」？'),
      );
      expect(box).toBeDefined();
      return box!;
    });
    expect(sent(calls, 'post', '/yun/appkeys/1/revoke')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: /吊\s*销/ }));
    await waitFor(() => {
      expect(sent(calls, 'post', '/yun/appkeys/1/revoke')).toHaveLength(1);
    });
    expect(await screen.findByText('已吊销「ERP」')).toBeInTheDocument();
  });

  it('shows one card per key on a phone (390 px)', async () => {
    setScreenWidth(390);
    renderPage();
    expect(await screen.findByText('ERP')).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    expect(screen.getAllByRole('listitem').filter((el) => el.classList.contains('data-card'))).toHaveLength(
      2,
    );
  });
});
