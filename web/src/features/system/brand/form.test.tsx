import { act, render } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';

import { apiBase } from '@/lib/config';
import { i18n } from '@/lib/i18n';
import zh from '@/locales/zh/system-brand.json';
import { BRAND_DOMAIN_MAX, BRAND_FOOTER_MAX, BRAND_NAME_MAX, BRAND_SLOGAN_MAX } from '@/types/limits.gen';
import type { BrandImageOut } from '../api/brand';
import { brandRules, normalizeDomain, sameBrand, toBody, toValues, toView, type BrandValues } from './form';

const texts = zh.system.brand.validation;
const t: TFunction = i18n.getFixedT('zh');

function image(slot: BrandImageOut['slot'], id: number, url = `/api/yun/individuation/file/${slot}.png`) {
  return { id, slot, url, width: 64, height: 64, size_bytes: 1024 } satisfies BrandImageOut;
}

const SAVED = {
  platform_name: '智慧水务',
  slogan: '一屏掌控每一座工厂',
  footer: '© 2026 某某工业',
  primary_color: '#0E7C66',
  default_language: 'en',
  map_theme: 'midnight',
  domain: 'iot.acme.com',
  logo_light: image('logo_light', 11),
  logo_dark: image('logo_dark', 12),
  favicon: image('favicon', 13),
  background: image('background', 14),
  version: 3,
  updated_at: 1_700_000_000_000,
} as const;

const EMPTY = {
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
} as const;

const values = (over: Partial<BrandValues> = {}): BrandValues => ({ ...toValues(SAVED), ...over });

/** The errors antd's form shows for `value` under `rules` (the rules run as the page runs them). */
async function errorsOf(rules: Rule[], value: string): Promise<string[]> {
  let form: FormInstance | undefined;
  function Probe() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ field: value }}>
        <Form.Item name="field" rules={rules} validateFirst>
          <Input />
        </Form.Item>
      </Form>
    );
  }
  const { unmount } = render(<Probe />);
  let errors: string[] = [];
  await act(async () => {
    try {
      await form?.validateFields();
    } catch (e) {
      errors = (e as { errorFields: { errors: string[] }[] }).errorFields.flatMap((f) => f.errors);
    }
  });
  unmount();
  return errors;
}

describe('toValues and toBody', () => {
  it('gives the form a saved brand’s values, and no domain as an empty field', () => {
    const got = toValues(SAVED);
    expect(got).toEqual({
      platform_name: '智慧水务',
      slogan: '一屏掌控每一座工厂',
      footer: '© 2026 某某工业',
      primary_color: '#0E7C66',
      default_language: 'en',
      map_theme: 'midnight',
      domain: 'iot.acme.com',
      logo_light: SAVED.logo_light,
      logo_dark: SAVED.logo_dark,
      favicon: SAVED.favicon,
      background: SAVED.background,
    });
    expect(got).not.toHaveProperty('version');
    expect(toValues(EMPTY).domain).toBe('');
  });

  it('saves trimmed texts, an empty domain as null and each image by its id', () => {
    const body = toBody(
      values({
        platform_name: '  智慧水务 ',
        slogan: '\t标语 ',
        footer: ' 页脚\n',
        domain: '   ',
        logo_dark: null,
      }),
    );
    expect(body).toEqual({
      platform_name: '智慧水务',
      slogan: '标语',
      footer: '页脚',
      primary_color: '#0E7C66',
      default_language: 'en',
      map_theme: 'midnight',
      domain: null,
      logo_light_id: 11,
      logo_dark_id: null,
      favicon_id: 13,
      background_id: 14,
    });
    expect(toBody(values({ domain: ' iot.acme.com ' })).domain).toBe('iot.acme.com');
  });

  it('saves the platform’s brand back as the platform’s', () => {
    expect(toBody(toValues(EMPTY))).toEqual({
      platform_name: '',
      slogan: '',
      footer: '',
      primary_color: null,
      default_language: 'zh',
      map_theme: null,
      domain: null,
      logo_light_id: null,
      logo_dark_id: null,
      favicon_id: null,
      background_id: null,
    });
  });
});

describe('toView', () => {
  it('shows the form’s values as the brand would show, images under the runtime API base', () => {
    const base = apiBase().replace(/\/$/, '');
    expect(toView(values({ platform_name: ' 智慧水务  ', slogan: ' s ', footer: ' f ' }))).toEqual({
      name: '智慧水务',
      slogan: 's',
      footer: 'f',
      primaryColor: '#0E7C66',
      logoLight: `${base}/yun/individuation/file/logo_light.png`,
      logoDark: `${base}/yun/individuation/file/logo_dark.png`,
      favicon: `${base}/yun/individuation/file/favicon.png`,
      background: `${base}/yun/individuation/file/background.png`,
      defaultLanguage: 'en',
      mapTheme: 'midnight',
    });
  });

  it('shows the platform’s brand for values not known yet', () => {
    expect(toView({})).toEqual({
      name: '',
      slogan: '',
      footer: '',
      primaryColor: null,
      logoLight: null,
      logoDark: null,
      favicon: null,
      background: null,
      defaultLanguage: null,
      mapTheme: null,
    });
  });
});

describe('sameBrand', () => {
  it('counts values that save the same body as the same brand', () => {
    expect(sameBrand(values(), values())).toBe(true);
    expect(sameBrand(values({ platform_name: ' 智慧水务 ' }), values())).toBe(true);
    expect(sameBrand(values({ domain: '  ' }), values({ domain: '' }))).toBe(true);
    // Another object for the same upload saves the same id.
    expect(sameBrand(values({ favicon: { ...image('favicon', 13), width: 1 } }), values())).toBe(true);
  });

  it('tells any saved difference', () => {
    expect(sameBrand(values({ platform_name: '另一个' }), values())).toBe(false);
    expect(sameBrand(values({ primary_color: null }), values())).toBe(false);
    expect(sameBrand(values({ default_language: 'zh' }), values())).toBe(false);
    expect(sameBrand(values({ map_theme: null }), values())).toBe(false);
    expect(sameBrand(values({ domain: '' }), values())).toBe(false);
    expect(sameBrand(values({ logo_light: image('logo_light', 99) }), values())).toBe(false);
    expect(sameBrand(values({ background: null }), values())).toBe(false);
  });
});

describe('normalizeDomain', () => {
  it('binds a host name lower case, without spaces or the final dot', () => {
    expect(normalizeDomain('iot.acme.com')).toBe('iot.acme.com');
    expect(normalizeDomain('  IoT.ACME.com.  ')).toBe('iot.acme.com');
    expect(normalizeDomain('a-b.example.co')).toBe('a-b.example.co');
    expect(normalizeDomain('1st.example.com')).toBe('1st.example.com');
  });

  it('binds an internationalised name in punycode', () => {
    expect(normalizeDomain('Bücher.example')).toBe('xn--bcher-kva.example');
    expect(normalizeDomain('工业.中国')).toBe('xn--vhqv89a.xn--fiqs8s');
  });

  it.each([
    ['nothing', ''],
    ['only spaces', '   '],
    ['a scheme', 'https://iot.acme.com'],
    ['a port', 'iot.acme.com:8080'],
    ['a path', 'iot.acme.com/login'],
    ['credentials', 'user@iot.acme.com'],
    ['a query', 'iot.acme.com?x=1'],
    ['a fragment', 'iot.acme.com#top'],
    ['a space inside', 'iot acme.com'],
    ['a wildcard', '*.acme.com'],
    ['one label', 'acme'],
    ['localhost', 'localhost'],
    ['an IPv4 address', '10.0.0.8'],
    ['a numeric top label', 'iot.acme.123'],
    ['an empty label', 'iot..acme.com'],
    ['a label starting with a hyphen', '-iot.acme.com'],
    ['a label ending with a hyphen', 'iot-.acme.com'],
    ['an underscore', 'iot_1.acme.com'],
    ['an IPv6 address', '[::1]'],
  ])('refuses %s', (_, value) => {
    expect(normalizeDomain(value)).toBeNull();
  });

  it('takes labels up to 63 characters and names up to the limit', () => {
    const label = (n: number) => 'a'.repeat(n);
    expect(normalizeDomain(`${label(63)}.com`)).toBe(`${label(63)}.com`);
    expect(normalizeDomain(`${label(64)}.com`)).toBeNull();

    // Three labels of 63 and one to make up the limit exactly (BRAND_DOMAIN_MAX characters with the dots).
    const longest = [label(63), label(63), label(63), label(BRAND_DOMAIN_MAX - 3 * 64)].join('.');
    expect(longest).toHaveLength(BRAND_DOMAIN_MAX);
    expect(normalizeDomain(longest)).toBe(longest);
    expect(normalizeDomain(`${longest}.`)).toBe(longest);
    expect(normalizeDomain(`b${longest}`)).toBeNull();
  });
});

describe('brandRules', () => {
  const rules = brandRules(t, 'console.iotyun.com');

  it.each([
    ['platform_name', BRAND_NAME_MAX, texts.nameMax],
    ['slogan', BRAND_SLOGAN_MAX, texts.sloganMax],
    ['footer', BRAND_FOOTER_MAX, texts.footerMax],
  ] as const)('takes %s up to its limit of %i characters', async (field, max, message) => {
    expect(await errorsOf(rules[field], '字'.repeat(max))).toEqual([]);
    expect(await errorsOf(rules[field], '字'.repeat(max + 1))).toEqual([
      message.replace('{{max}}', String(max)),
    ]);
  });

  it.each(['platform_name', 'slogan', 'footer'] as const)('takes %s on one line only', async (field) => {
    expect(await errorsOf(rules[field], '第一行\n第二行')).toEqual([texts.singleLine]);
    expect(await errorsOf(rules[field], 'tab\there')).toEqual([texts.singleLine]);
    expect(await errorsOf(rules[field], 'a\u2028b')).toEqual([texts.singleLine]);
    expect(await errorsOf(rules[field], '')).toEqual([]);
  });

  it('takes an empty domain (none bound) and a host name', async () => {
    expect(await errorsOf(rules.domain, '')).toEqual([]);
    expect(await errorsOf(rules.domain, '  ')).toEqual([]);
    expect(await errorsOf(rules.domain, ' IOT.acme.com ')).toEqual([]);
  });

  it.each(['https://iot.acme.com', 'iot.acme.com:443', 'iot.acme.com/x', 'acme', '10.0.0.8'])(
    'refuses %s as a domain',
    async (value) => {
      expect(await errorsOf(rules.domain, value)).toEqual([texts.domain]);
    },
  );

  it('refuses the platform’s own host, in any case, and localhost', async () => {
    expect(await errorsOf(rules.domain, 'console.iotyun.com')).toEqual([texts.domainReserved]);
    expect(await errorsOf(rules.domain, 'Console.IoTyun.com.')).toEqual([texts.domainReserved]);
    expect(await errorsOf(brandRules(t, 'Console.Iotyun.COM').domain, 'console.iotyun.com')).toEqual([
      texts.domainReserved,
    ]);
    // localhost is one label: refused as no host name at all.
    expect(await errorsOf(rules.domain, 'localhost')).toHaveLength(1);
    expect(await errorsOf(rules.domain, 'other.iotyun.com')).toEqual([]);
  });
});
