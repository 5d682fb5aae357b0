import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { httpClient } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { contrastWithWhite } from '@/lib/theme';
import zh from '@/locales/zh/system-brand.json';
import { bodyOf, fail, mockApi, ok, type Handler } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { resetScreenWidth, setScreenWidth } from '@/test/screen-width';
import { signInAs } from '@/test/session';
import type { Schema } from '@/types/schema';
import type { BrandIn } from '../api/brand';
import PersonalizationPage from './personalization';

type BrandOut = Schema<'BrandOut'>;

const T = zh.system.brand;
const PATH = '/system/personalization';

const PLATFORM: BrandOut = {
  platform_name: '',
  slogan: '',
  footer: '',
  primary_color: null,
  default_language: 'zh',
  map_theme: null,
  domain: null,
  logo_light: null,
  logo_dark: null,
  favicon: null,
  background: null,
  version: 0,
  updated_at: null,
};

const SAVED: BrandOut = {
  ...PLATFORM,
  platform_name: '智慧水务',
  slogan: '一屏掌控每一座水厂',
  footer: '© 2026 某某水务',
  primary_color: '#0E7C66',
  domain: 'iot.acme.com',
  logo_light: {
    id: 11,
    slot: 'logo_light',
    url: '/api/yun/individuation/file/logo.png',
    width: 120,
    height: 32,
    size_bytes: 2048,
  },
  version: 4,
  updated_at: 1_700_000_000_000,
};

function handlers(brand: BrandOut = SAVED, over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /yun/individuation': () => ok(brand),
    'PUT /yun/individuation': (config) => {
      const body = bodyOf(config) as BrandIn;
      return ok({
        ...brand,
        platform_name: body.platform_name,
        slogan: body.slogan,
        footer: body.footer,
        primary_color: body.primary_color,
        domain: body.domain,
        version: brand.version + 1,
      });
    },
    'DELETE /yun/individuation': () => ok({ ...PLATFORM, version: brand.version + 1 }),
    ...over,
  };
}

function renderPage(calls: Record<string, Handler> = handlers()) {
  const made = mockApi(calls);
  renderRoutes([{ path: PATH, Component: PersonalizationPage }], { initialEntries: [PATH] });
  return made;
}

const sent = (calls: ReturnType<typeof mockApi>, method: string) =>
  calls.filter((c) => c.method.toUpperCase() === method && c.url === '/yun/individuation');

/** The form once the saved brand is in it. */
const nameField = () => screen.findByLabelText<HTMLInputElement>(T.field.name);
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** The form item holding a field (its error shows there). */
const itemOf = (el: HTMLElement) => el.closest<HTMLElement>('.ant-form-item')!;
const preview = () => screen.getByRole('complementary', { name: T.preview.title });
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

/** The confirmation dialog asking `title`. */
const confirmation = (title: string) =>
  waitFor(() => {
    const box = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((el) =>
      el.textContent.includes(title),
    );
    expect(box).toBeDefined();
    return box!;
  });

/** A bound for a stall only: typing into antd's fields takes seconds on a loaded 2-core machine. */
const SLOW = { timeout: 60_000 };

beforeEach(() => {
  signInAs(['P81000']);
});

afterEach(() => {
  resetScreenWidth();
  vi.restoreAllMocks();
});

describe('loading the brand', SLOW, () => {
  it('shows a placeholder while the brand loads, then the form', async () => {
    mockApi(handlers());
    // Hold the answer until the placeholder was seen.
    const answer = httpClient.defaults.adapter;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    httpClient.defaults.adapter = async (config) => {
      await gate;
      return answer(config);
    };
    renderRoutes([{ path: PATH, Component: PersonalizationPage }], { initialEntries: [PATH] });
    await waitFor(() => {
      expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    });
    expect(screen.queryByLabelText(T.field.name)).toBeNull();
    release();
    expect(await nameField()).toHaveValue('智慧水务');
    expect(document.querySelector('.ant-skeleton')).toBeNull();
  });

  it('says when the brand failed to load, and loads it again on retry', async () => {
    const user = userEvent.setup();
    let answers = 0;
    const calls = renderPage(
      handlers(SAVED, {
        'GET /yun/individuation': () => (++answers === 1 ? fail('100003', '服务异常') : ok(SAVED)),
      }),
    );
    expect(await screen.findByText(T.loadFailed)).toBeInTheDocument();
    expect(screen.queryByLabelText(T.field.name)).toBeNull();
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await nameField()).toHaveValue('智慧水务');
    expect(sent(calls, 'GET')).toHaveLength(2);
    expect(screen.queryByText(T.loadFailed)).toBeNull();
  });
});

describe('the form', SLOW, () => {
  it('shows the saved brand, with nothing to save or discard yet', async () => {
    renderPage();
    expect(await nameField()).toHaveValue('智慧水务');
    expect(field(T.field.slogan)).toHaveValue('一屏掌控每一座水厂');
    expect(field(T.field.footer)).toHaveValue('© 2026 某某水务');
    expect(field(T.field.domain)).toHaveValue('iot.acme.com');
    expect(screen.getByRole('img', { name: T.field.logoLight })).toHaveAttribute(
      'src',
      '/api/yun/individuation/file/logo.png',
    );
    expect(screen.queryByText(T.actions.unsaved)).toBeNull();
    expect(screen.getByRole('button', { name: T.actions.discard })).toBeDisabled();
    // The preview shows the saved brand.
    expect(within(preview()).getAllByText('智慧水务').length).toBeGreaterThan(0);
  });

  it('shows the platform’s brand as empty fields with the product name as the placeholder', async () => {
    renderPage(handlers(PLATFORM));
    const name = await nameField();
    expect(name).toHaveValue('');
    expect(name).toHaveAttribute('placeholder', i18n.t('common.product.name'));
    expect(field(T.field.domain)).toHaveValue('');
    expect(screen.queryByText(T.dns.title)).toBeNull();
  });

  it('previews a new name as it is typed, before anything is saved', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    const name = await nameField();
    await user.clear(name);
    await user.type(name, '  新的平台  ');
    await waitFor(() => {
      expect(within(preview()).getByText(`${T.preview.pageTitle} - 新的平台`)).toBeInTheDocument();
    });
    expect(within(preview()).queryByText('智慧水务')).toBeNull();
    expect(screen.getByText(T.actions.unsaved)).toBeInTheDocument();
    expect(sent(calls, 'PUT')).toHaveLength(0);

    // Discarding puts the saved brand back in the form and the preview.
    await user.click(screen.getByRole('button', { name: T.actions.discard }));
    await waitFor(() => {
      expect(name).toHaveValue('智慧水务');
    });
    expect(within(preview()).getByText(`${T.preview.pageTitle} - 智慧水务`)).toBeInTheDocument();
    expect(screen.queryByText(T.actions.unsaved)).toBeNull();
  });

  it('shows a save made elsewhere at once while nothing is edited', async () => {
    let brand = SAVED;
    mockApi(handlers(SAVED, { 'GET /yun/individuation': () => ok(brand) }));
    const { client } = renderRoutes([{ path: PATH, Component: PersonalizationPage }], {
      initialEntries: [PATH],
    });
    const name = await nameField();
    brand = { ...SAVED, platform_name: '别处保存', version: 9 };
    await client.invalidateQueries({ queryKey: ['brand'] });
    await waitFor(() => {
      expect(name).toHaveValue('别处保存');
    });
    expect(screen.queryByText(T.actions.unsaved)).toBeNull();
  });

  it('keeps the edits under way over a save made elsewhere, and discarding them shows that save', async () => {
    const user = userEvent.setup();
    let brand = SAVED;
    const calls = mockApi(handlers(SAVED, { 'GET /yun/individuation': () => ok(brand) }));
    const { client } = renderRoutes([{ path: PATH, Component: PersonalizationPage }], {
      initialEntries: [PATH],
    });
    const name = await nameField();
    await user.clear(name);
    await user.type(name, '我的修改');
    brand = { ...SAVED, platform_name: '别处保存', slogan: '别处的标语', version: 9 };
    await client.invalidateQueries({ queryKey: ['brand'] });
    expect(sent(calls, 'GET')).toHaveLength(2);
    expect(name).toHaveValue('我的修改');
    expect(screen.getByText(T.actions.unsaved)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: T.actions.discard }));
    await waitFor(() => {
      expect(name).toHaveValue('别处保存');
    });
    expect(field(T.field.slogan)).toHaveValue('别处的标语');
    expect(screen.queryByText(T.actions.unsaved)).toBeNull();
    // Saving now keeps the other save, not the brand read before it.
    await user.click(saveButton());
    expect(await screen.findByText(T.actions.saved)).toBeInTheDocument();
    expect(bodyOf(sent(calls, 'PUT')[0]!)).toMatchObject({ platform_name: '别处保存', slogan: '别处的标语' });
  });

  it('saves the brand trimmed with PUT /yun/individuation and says so', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    const name = await nameField();
    await user.clear(name);
    await user.type(name, '  新的平台  ');
    await user.clear(field(T.field.slogan));
    await user.type(field(T.field.slogan), ' 新标语 ');
    await user.clear(field(T.field.domain));
    await user.type(field(T.field.domain), '  ');
    await user.click(saveButton());
    expect(await screen.findByText(T.actions.saved)).toBeInTheDocument();
    const puts = sent(calls, 'PUT');
    expect(puts).toHaveLength(1);
    expect(bodyOf(puts[0]!)).toEqual({
      platform_name: '新的平台',
      slogan: '新标语',
      footer: '© 2026 某某水务',
      primary_color: '#0E7C66',
      default_language: 'zh',
      map_theme: null,
      domain: null,
      logo_light_id: 11,
      logo_dark_id: null,
      favicon_id: null,
      background_id: null,
    } satisfies BrandIn);
    // The saved brand is what the form holds now: nothing left to save.
    await waitFor(() => {
      expect(screen.queryByText(T.actions.unsaved)).toBeNull();
    });
    expect(field(T.field.name)).toHaveValue('新的平台');
    expect(screen.getByRole('button', { name: T.actions.discard })).toBeDisabled();
  });

  it.each([
    ['110004', '非法的访问域名'],
    ['110005', '该域名已被其他租户绑定'],
  ])('shows the server’s refusal %s on the domain field, and changes nothing else', async (code, text) => {
    const user = userEvent.setup();
    const calls = renderPage(handlers(SAVED, { 'PUT /yun/individuation': () => fail(code, text, 'domain') }));
    const name = await nameField();
    await user.clear(name);
    await user.type(name, '新的平台');
    await user.clear(field(T.field.domain));
    await user.type(field(T.field.domain), 'iot.other.com');
    await user.click(saveButton());

    const domainItem = itemOf(field(T.field.domain));
    expect(await within(domainItem).findByText(text)).toBeInTheDocument();
    expect(sent(calls, 'PUT')).toHaveLength(1);
    // Only on its field: no form-level alert, no toast, no other field's error.
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screen.queryByRole('alert', { name: text })).toBeNull();
    expect(screen.queryByText(T.actions.saved)).toBeNull();
    expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(1);
    // The edits stay, still unsaved, and the preview still shows them; the brand is not read again.
    expect(field(T.field.name)).toHaveValue('新的平台');
    expect(field(T.field.domain)).toHaveValue('iot.other.com');
    expect(screen.getByText(T.actions.unsaved)).toBeInTheDocument();
    expect(within(preview()).getByText(`${T.preview.pageTitle} - 新的平台`)).toBeInTheDocument();
    expect(sent(calls, 'GET')).toHaveLength(1);

    // Another domain clears the refusal.
    await user.type(field(T.field.domain), 'x');
    await waitFor(() => {
      expect(within(domainItem).queryByText(text)).toBeNull();
    });
  });

  it('refuses a domain with a scheme, port or path on its field before sending anything', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await nameField();
    const domain = field(T.field.domain);
    for (const bad of ['https://iot.acme.com', 'iot.acme.com:8443', 'iot.acme.com/login', 'acme']) {
      await user.clear(domain);
      await user.type(domain, bad);
      expect(await within(itemOf(domain)).findByText(T.validation.domain)).toBeInTheDocument();
      expect(screen.queryByText(T.dns.title)).toBeNull();
    }
    await user.click(saveButton());
    expect(await within(itemOf(domain)).findByText(T.validation.domain)).toBeInTheDocument();
    expect(sent(calls, 'PUT')).toHaveLength(0);
  });

  it('explains the DNS steps for a valid domain, as the server will bind it', async () => {
    const user = userEvent.setup();
    renderPage(handlers(PLATFORM));
    await nameField();
    expect(screen.queryByText(T.dns.title)).toBeNull();
    await user.type(field(T.field.domain), ' IoT.Example.COM. ');
    expect(await screen.findByText(T.dns.title)).toBeInTheDocument();
    const steps = screen.getByText(T.dns.title).closest<HTMLElement>('.ant-alert')!;
    const platform = window.location.hostname;
    expect(
      within(steps).getByText(
        T.dns.step1.replace('{{domain}}', 'iot.example.com').replace('{{platform}}', platform),
      ),
    ).toBeInTheDocument();
    expect(within(steps).getByText(T.dns.step2.replace('{{domain}}', 'iot.example.com'))).toBeInTheDocument();
    expect(
      within(steps).getByText(T.dns.step3.replace('{{url}}', 'https://iot.example.com/iotyun/login')),
    ).toBeInTheDocument();
  });

  it('warns that a light primary colour leaves white text hard to read', async () => {
    const light = '#FFD60A';
    renderPage(handlers({ ...SAVED, primary_color: light }));
    await nameField();
    expect(contrastWithWhite(light)).toBeLessThan(3);
    const ratio = contrastWithWhite(light).toFixed(1);
    expect(screen.getByText(T.field.lowContrast.replace('{{ratio}}', ratio))).toBeInTheDocument();
  });

  it('gives no contrast warning for a dark colour or the platform’s', async () => {
    renderPage();
    await nameField();
    expect(contrastWithWhite('#0E7C66')).toBeGreaterThanOrEqual(3);
    expect(screen.queryByText(/对比度/)).toBeNull();
  });
});

describe('restoring the platform’s brand', SLOW, () => {
  it('asks first; sends nothing when cancelled', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await nameField();
    await user.click(screen.getByRole('button', { name: new RegExp(T.actions.reset) }));
    const ask = await confirmation(T.actions.resetTitle);
    expect(within(ask).getByText(T.actions.resetContent)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: /取\s*消/ }));
    expect(sent(calls, 'DELETE')).toHaveLength(0);
    expect(field(T.field.name)).toHaveValue('智慧水务');

    // Asked again and confirmed: one DELETE, the cancelled one sent none.
    await user.click(screen.getByRole('button', { name: new RegExp(T.actions.reset) }));
    const again = await waitFor(() => {
      const boxes = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')];
      expect(boxes.length).toBeGreaterThan(0);
      return boxes.at(-1)!;
    });
    await user.click(within(again).getByRole('button', { name: /恢\s*复/ }));
    expect(await screen.findByText(T.actions.resetDone)).toBeInTheDocument();
    expect(sent(calls, 'DELETE')).toHaveLength(1);
  });

  it('sends DELETE /yun/individuation once confirmed, and shows the platform’s brand', async () => {
    const user = userEvent.setup();
    const calls = renderPage();
    await nameField();
    await user.click(screen.getByRole('button', { name: new RegExp(T.actions.reset) }));
    const ask = await confirmation(T.actions.resetTitle);
    expect(sent(calls, 'DELETE')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: /恢\s*复/ }));
    expect(await screen.findByText(T.actions.resetDone)).toBeInTheDocument();
    expect(sent(calls, 'DELETE')).toHaveLength(1);
    await waitFor(() => {
      expect(field(T.field.name)).toHaveValue('');
    });
    expect(field(T.field.domain)).toHaveValue('');
    expect(screen.queryByRole('img', { name: T.field.logoLight })).toBeNull();
    expect(screen.queryByText(T.actions.unsaved)).toBeNull();
    expect(sent(calls, 'PUT')).toHaveLength(0);
  });

  it('clears a refusal shown on the domain field when the platform’s brand is restored', async () => {
    const user = userEvent.setup();
    renderPage(
      handlers(SAVED, { 'PUT /yun/individuation': () => fail('110005', '该域名已被其他租户绑定', 'domain') }),
    );
    await nameField();
    await user.clear(field(T.field.domain));
    await user.type(field(T.field.domain), 'iot.other.com');
    await user.click(saveButton());
    const domainItem = itemOf(field(T.field.domain));
    expect(await within(domainItem).findByText('该域名已被其他租户绑定')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: new RegExp(T.actions.reset) }));
    const ask = await confirmation(T.actions.resetTitle);
    await user.click(within(ask).getByRole('button', { name: /恢\s*复/ }));
    expect(await screen.findByText(T.actions.resetDone)).toBeInTheDocument();
    await waitFor(() => {
      expect(field(T.field.domain)).toHaveValue('');
    });
    await waitFor(() => {
      expect(within(domainItem).queryByText('该域名已被其他租户绑定')).toBeNull();
    });
    expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(0);
  });
});

describe('on a phone', SLOW, () => {
  it('edits, previews and saves the brand', async () => {
    setScreenWidth(390);
    const user = userEvent.setup();
    const calls = renderPage();
    const name = await nameField();
    await user.clear(name);
    await user.type(name, '手机上改名');
    await waitFor(() => {
      expect(within(preview()).getByText(`${T.preview.pageTitle} - 手机上改名`)).toBeInTheDocument();
    });
    await user.click(saveButton());
    expect(await screen.findByText(T.actions.saved)).toBeInTheDocument();
    expect((bodyOf(sent(calls, 'PUT')[0]!) as BrandIn).platform_name).toBe('手机上改名');
    expect(screen.getByRole('button', { name: new RegExp(T.actions.reset) })).toBeEnabled();
  });
});
