// The unit tests' window as src/test/setup.ts leaves it for every file.
import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';

describe('the test window', () => {
  it("keeps antd's CSS-in-JS in <head> as text that jsdom never turns into style sheets", () => {
    render(<Button type="primary">保存</Button>);
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeVisible();
    const styles = [...document.head.querySelectorAll('style')];
    expect(styles.some((style) => style.textContent.includes('.ant-btn'))).toBe(true);
    expect(styles.every((style) => style.getAttribute('type') === 'text/x-unapplied')).toBe(true);
    expect(document.styleSheets).toHaveLength(0);
  });

  it('applies inline styles, so what a component hides itself stays hidden', () => {
    render(<div style={{ display: 'none' }}>hidden</div>);
    expect(screen.getByText('hidden')).not.toBeVisible();
  });
});
