import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { describe, expect, it, vi } from 'vitest';

import { browser } from '@/lib/navigation';
import { mockApi, ok } from '@/test/mock-api';
import { OfflineBanner } from './offline-banner';

describe('OfflineBanner', () => {
  it('warns when the browser goes offline and reloads from its single fix button once reachable', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    mockApi({ 'GET /yun/sys/info/timestamp': () => ok(Date.now()) });
    render(
      <AntApp>
        <OfflineBanner />
      </AntApp>,
    );
    expect(screen.queryByText('网络已中断')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('网络已中断')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    const buttons = dialog.querySelectorAll('button');
    expect(buttons).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /修\s*复/ }));
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledOnce();
    });
  });
});
