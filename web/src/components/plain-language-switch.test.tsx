import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';

import { appStore, setLanguage } from '@/lib/session';
import { PlainLanguageSwitch } from './plain-language-switch';

afterEach(() => {
  act(() => {
    setLanguage('zh');
  });
});

describe('PlainLanguageSwitch', () => {
  it('opens its menu on the current language and switches with a click', async () => {
    const user = userEvent.setup();
    render(<PlainLanguageSwitch />);
    const button = screen.getByRole('button', { name: '切换语言' });
    expect(button).toHaveTextContent('中文');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: '中文' })).toHaveFocus();
    await user.click(screen.getByRole('menuitem', { name: 'English' }));
    expect(appStore.getState().language).toBe('en');
    expect(Cookies.get('lang')).toBe('en');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('is usable from the keyboard and closes on Escape or a click outside', async () => {
    const user = userEvent.setup();
    render(
      <>
        <PlainLanguageSwitch />
        <p>outside</p>
      </>,
    );
    const button = screen.getByRole('button', { name: '切换语言' });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(appStore.getState().language).toBe('en');
    await user.click(button);
    await user.click(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
