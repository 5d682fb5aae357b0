// The web page card: only http(s) addresses are framed, sandboxed and sending no referrer.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '@/test/mock-api';
import { card, dashboardOf, renderDashboard } from '../../test-fixtures';
import { isFramableUrl } from './url';

describe('isFramableUrl', () => {
  it.each(['https://example.com', 'http://10.0.0.5:8080/panel?x=1', 'HTTPS://Example.com/a#b'])(
    'frames %s',
    (url) => {
      expect(isFramableUrl(url)).toBe(true);
    },
  );

  it.each([
    '',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://example.com',
    '//example.com',
    'https://',
    'https://exa mple.com',
    'https://example.com/"onload="x',
    `https://example.com/${'a'.repeat(500)}`,
  ])('refuses %s', (url) => {
    expect(isFramableUrl(url)).toBe(false);
  });
});

describe('the web page widget', () => {
  it('frames an http(s) page in a sandbox without a referrer', async () => {
    mockApi({});
    renderDashboard(
      dashboardOf([card('f', 'iframe', { url: 'https://example.com/kanban' }, { title: '看板' })]),
    );
    const frame = await screen.findByTitle('看板');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://example.com/kanban');
    expect(frame.getAttribute('sandbox')?.split(' ')).toEqual(
      expect.arrayContaining(['allow-scripts', 'allow-same-origin']),
    );
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it("runs a page of the console's own host as an opaque origin", async () => {
    mockApi({});
    const own = `${window.location.protocol}//${window.location.hostname}:9/board`;
    renderDashboard(dashboardOf([card('o', 'iframe', { url: own }, { title: '本机看板' })]));
    const frame = await screen.findByTitle('本机看板');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
  });

  it('shows a hint for an empty or a refused address, and frames nothing', async () => {
    mockApi({});
    renderDashboard(
      dashboardOf([card('e', 'iframe', { url: '' }), card('j', 'iframe', { url: 'javascript:alert(1)' })]),
    );
    expect(await screen.findByText('请在设置中输入网页地址')).toBeInTheDocument();
    expect(screen.getByText('网页地址无效')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
