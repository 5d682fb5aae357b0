// A custom entry's framed page: the entry's http(s) address in a sandboxed frame without a referrer, never with the
// console's origin for a page of that origin; an entry the user is not shown is not found; a route entry goes there.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { CustomMenus } from '@/lib/custom-menus/types';
import { setCustomPage } from '@/lib/session';
import { mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { signInAs } from '@/test/session';
import CustomFramePage from './custom-frame';

const entry = (id: string, name: string, url: string) => ({
  id,
  name,
  kind: 'page' as const,
  url,
  dashboard_id: null,
  icon: null,
  children: [],
});

const menus: CustomMenus = {
  sidebar_title: '我的页面',
  top_bar_title: '快捷入口',
  side: [
    entry('w', '看板', 'https://kanban.example.com/board?x=1'),
    entry('own', '本站', `${window.location.origin}/api/yun/resourcesInfo/file/x.svg`),
    entry('r', '设备', '/device/devgroup'),
  ],
  top: [],
};

function renderAt(id: string) {
  return renderRoutes(
    [
      { path: '/customPage/view/:id', element: <CustomFramePage /> },
      { path: '/device/devgroup', element: <p>device groups</p> },
    ],
    { initialEntries: [`/customPage/view/${id}`] },
  );
}

beforeEach(() => {
  signInAs(['P00000'], { token: 'session-token-4711' });
  setCustomPage({ custom_page_name: '我的页面', custom_page_json: menus, version: 1 });
});

describe('a custom entry framed page', () => {
  it('frames the entry address in a sandbox, without a referrer', async () => {
    renderAt('w');
    const frame = await screen.findByTitle('看板');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://kanban.example.com/board?x=1');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    const sandbox = frame.getAttribute('sandbox') ?? '';
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).toContain('allow-same-origin');
    expect(sandbox).not.toContain('allow-top-navigation');
    // The address carries nothing of the session.
    expect(frame.getAttribute('src')).not.toContain('session-token-4711');
    expect(screen.getByRole('link', { name: /在新标签页打开/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('gives a page of the console origin no origin of its own, so it cannot read the session', async () => {
    renderAt('own');
    const frame = await screen.findByTitle('本站');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
  });

  it('goes to a console route entry', async () => {
    renderAt('r');
    expect(await screen.findByText('device groups')).toBeInTheDocument();
  });

  it('does not find an entry the user is not shown', async () => {
    mockApi({
      'GET /yun/customPage': () => ok({ custom_page_name: '', custom_page_json: null, version: 0 }),
    });
    renderAt('hidden');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
