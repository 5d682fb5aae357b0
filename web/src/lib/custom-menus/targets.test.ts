// Where a custom menu entry leads, and the frame's sandbox: only http(s) pages are framed, never with the console's
// origin, and console routes never leave the console.
import { describe, expect, it } from 'vitest';

import {
  entryAt,
  entryTarget,
  framedEntryId,
  framedEntryName,
  framePath,
  isConsoleRoute,
  isWebUrl,
} from './targets';
import { frameSandbox } from '../frame-sandbox';
import type { CustomMenus } from './types';

const menus: CustomMenus = {
  sidebar_title: '我的页面',
  top_bar_title: '快捷入口',
  side: [
    {
      id: 'w',
      name: '看板',
      kind: 'page',
      url: 'https://example.com/kanban',
      dashboard_id: null,
      icon: null,
      children: [],
    },
    {
      id: 'g',
      name: '分组',
      kind: 'group',
      url: '',
      dashboard_id: null,
      icon: null,
      children: [{ id: 'd', name: '总览', kind: 'dashboard', url: '', dashboard_id: 7, icon: null }],
    },
  ],
  top: [
    {
      id: 'r',
      name: '设备',
      kind: 'page',
      url: '/device/devgroup?tab=1',
      dashboard_id: null,
      icon: null,
      children: [],
    },
  ],
};

describe('custom menu targets', () => {
  it.each(['https://example.com', 'http://10.0.0.5:8080/panel?x=1#a', 'HTTPS://Example.com/'])(
    'frames %s',
    (url) => {
      expect(isWebUrl(url)).toBe(true);
    },
  );

  it.each([
    '',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:x',
    'ftp://example.com',
    '//evil.example.com',
    'https://',
    'https://exa mple.com',
    'https://example.com/"onload="x',
    `https://example.com/${'a'.repeat(500)}`,
  ])('does not frame %s', (url) => {
    expect(isWebUrl(url)).toBe(false);
  });

  it('takes console routes, never an address that leaves the console', () => {
    expect(isConsoleRoute('/device/devgroup')).toBe(true);
    expect(isConsoleRoute('/index?tab=1')).toBe(true);
    expect(isConsoleRoute('/')).toBe(true);
    for (const bad of ['//evil.example.com', '/\\evil.example.com', 'device', 'https://x.com', '/a b', ''])
      expect(isConsoleRoute(bad), bad).toBe(false);
  });

  it('sends a framed page to its own address, a route and a dashboard to theirs', () => {
    expect(entryTarget(menus.side[0]!)).toBe('/customPage/view/w');
    expect(entryTarget(menus.side[1]!.children[0]!)).toBe('/dashboard/view?id=7');
    expect(entryTarget(menus.top[0]!)).toBe('/device/devgroup?tab=1');
    expect(entryTarget(menus.side[1]!)).toBeNull();
    expect(entryTarget({ id: 'x', kind: 'page', url: 'javascript:alert(1)', dashboard_id: null })).toBeNull();
  });

  it('never gives a page of the console origin its origin back', () => {
    const origin = 'https://console.example.com';
    expect(frameSandbox(new URL('https://console.example.com/api/x.svg'), origin)).not.toContain(
      'allow-same-origin',
    );
    expect(frameSandbox(new URL('https://other.example.com/'), origin)).toContain('allow-same-origin');
    // Cookies belong to a host: another port or scheme of the console's host is the console's too.
    for (const same of ['https://console.example.com:8443/', 'http://console.example.com/board'])
      expect(frameSandbox(new URL(same), origin)).not.toContain('allow-same-origin');
    for (const sandbox of [
      frameSandbox(new URL(origin), origin),
      frameSandbox(new URL('https://a.b/'), origin),
    ])
      expect(sandbox).not.toContain('allow-top-navigation');
  });

  it('finds the entry of the page shown, and names a framed page by its entry', () => {
    expect(entryAt(menus, '/customPage/view/w', '')?.id).toBe('w');
    expect(entryAt(menus, '/dashboard/view', '?id=7')?.id).toBe('d');
    expect(entryAt(menus, '/dashboard/view', '?id=8')).toBeUndefined();
    expect(entryAt(menus, '/device/devgroup', '?tab=1&x=2')?.id).toBe('r');
    expect(entryAt(menus, '/device/devgroup', '')).toBeUndefined();
    expect(framedEntryId(framePath('w'))).toBe('w');
    expect(framedEntryId('/customPage/view/a/b')).toBeNull();
    expect(framedEntryName(menus, '/customPage/view/w')).toBe('看板');
    expect(framedEntryName(menus, '/customPage/view/gone')).toBeNull();
    expect(framedEntryName(null, '/index')).toBeNull();
  });
});
