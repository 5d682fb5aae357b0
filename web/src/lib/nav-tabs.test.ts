import { describe, expect, it } from 'vitest';

import {
  closeTab,
  HOME_TAB,
  isClosable,
  normalizeTabs,
  tabNameOf,
  upsertTab,
  withHome,
  type NavTab,
} from './nav-tabs';

const tab = (url: string, titleKey = 'menu.x'): NavTab => ({ name: tabNameOf(url), url, titleKey });
const names = (list: readonly NavTab[]) => list.map((t) => t.name);

describe('tab names', () => {
  it('name a page by its pathname, without query string, hash or trailing slash', () => {
    expect(tabNameOf('/templateMiddleware/id=3?tab=screens')).toBe('/templateMiddleware/id=3');
    expect(tabNameOf('/device/devgroup/#top')).toBe('/device/devgroup');
    expect(tabNameOf('/')).toBe('/');
  });
});

describe('upsertTab', () => {
  it('keeps one tab per page: a new query string updates its address in place', () => {
    let list: NavTab[] = [];
    for (const url of [
      '/index',
      '/templateMiddleware/id=3',
      '/templateMiddleware/id=3?tab=screens',
      '/templateMiddleware/id=3?tab=dataSources',
      '/templateMiddleware/id=3?tab=devices',
      '/team/user',
    ])
      list = upsertTab(list, tab(url), 20);
    expect(names(list)).toEqual(['/index', '/templateMiddleware/id=3', '/team/user']);
    expect(list[1]?.url).toBe('/templateMiddleware/id=3?tab=devices');
  });

  it('drops the oldest tabs beyond the limit, never home nor the new one', () => {
    let list = [tab('/index'), tab('/a'), tab('/b')];
    list = upsertTab(list, tab('/c'), 3);
    expect(names(list)).toEqual(['/index', '/b', '/c']);
  });
});

describe('the pinned home tab', () => {
  it('comes first when the user may open home, with the address it was left at', () => {
    expect(names(withHome([tab('/a'), tab('/index?x=1')], true))).toEqual(['/index', '/a']);
    expect(withHome([tab('/a'), tab('/index?x=1')], true)[0]?.url).toBe('/index?x=1');
    expect(withHome([tab('/a')], true)[0]).toEqual(HOME_TAB);
    expect(names(withHome([tab('/a'), tab('/index')], false))).toEqual(['/a']);
  });

  it('has no close button; other tabs have one unless alone', () => {
    const shown = withHome([tab('/a')], true);
    expect(isClosable(shown, '/index')).toBe(false);
    expect(isClosable(shown, '/a')).toBe(true);
    expect(isClosable([tab('/a')], '/a')).toBe(false);
  });
});

describe('closeTab', () => {
  const shown = [HOME_TAB, tab('/a?page=2'), tab('/b'), tab('/c')];

  it('goes to the right neighbour (its last address) when the active tab closes, else the left one', () => {
    expect(closeTab(shown, '/a', '/a')).toEqual({
      list: [HOME_TAB, tab('/b'), tab('/c')],
      goTo: '/b',
    });
    expect(closeTab(shown, '/c', '/c').goTo).toBe('/b');
    expect(closeTab(shown, '/b', '/c')).toEqual({
      list: [HOME_TAB, tab('/a?page=2'), tab('/c')],
      goTo: null,
    });
    expect(closeTab(shown, '/b', '/b').goTo).toBe('/c');
    expect(closeTab([HOME_TAB, tab('/a?page=2'), tab('/b')], '/b', '/b').goTo).toBe('/a?page=2');
  });

  it('never closes home', () => {
    expect(closeTab(shown, '/index', '/index')).toEqual({ list: shown, goTo: null });
  });
});

describe('normalizeTabs', () => {
  it('reads lists stored with one tab per full URL as one tab per page', () => {
    const list = normalizeTabs([
      { name: '/index', titleKey: 'menu.index' },
      { name: '/templateMiddleware/id=3?tab=screens', titleKey: 'menu.templateMiddleware' },
      { name: '/templateMiddleware/id=3?tab=devices', titleKey: 'menu.templateMiddleware' },
    ]);
    expect(list).toEqual([
      { name: '/index', url: '/index', titleKey: 'menu.index' },
      {
        name: '/templateMiddleware/id=3',
        url: '/templateMiddleware/id=3?tab=devices',
        titleKey: 'menu.templateMiddleware',
      },
    ]);
  });
});
