import { describe, expect, it } from 'vitest';

import { pageTab } from './page-tab';

const match = (handle: unknown) => ({ id: 'x', pathname: '/', params: {}, loaderData: undefined, handle });

describe('pageTab', () => {
  it('names the tab by the pathname and opens the full address', () => {
    const matches = [
      match({ fullPath: '/' }),
      match({ fullPath: '/templateMiddleware/:idParam', menu: 'menu.templateMiddleware' }),
    ];
    expect(pageTab(matches, { pathname: '/templateMiddleware/id=3', search: '?tab=screens' })).toEqual({
      name: '/templateMiddleware/id=3',
      url: '/templateMiddleware/id=3?tab=screens',
      titleKey: 'menu.templateMiddleware',
    });
  });

  it('gives no tab to a menu group URL that only redirects to its first page', () => {
    const matches = [
      match({ fullPath: '/' }),
      match({ fullPath: '/configureManage', menu: 'menu.configureManage' }),
      match({ fullPath: '/configureManage', redirect: true }),
    ];
    expect(pageTab(matches, { pathname: '/configureManage', search: '' })).toBeNull();
  });

  it('gives a page shown at its group URL its own tab (virtualDevice above childDevice)', () => {
    const matches = [
      match({ fullPath: '/device', menu: 'menu.device' }),
      match({ fullPath: '/device/virtualDevice', menu: 'menu.virtualDevice' }),
      match({ fullPath: '/device/virtualDevice' }),
    ];
    expect(pageTab(matches, { pathname: '/device/virtualDevice', search: '?page=2' })?.titleKey).toBe(
      'menu.virtualDevice',
    );
  });

  it('gives no tab to an untitled page', () => {
    expect(pageTab([match({ fullPath: '/' })], { pathname: '/', search: '' })).toBeNull();
  });
});
