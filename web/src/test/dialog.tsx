// Test helper for issue 30 point 1: a dialog rendered inside the app's providers and opened in turn on record A,
// then B, then "new" (closed between), as a page opens it; each opening must show its own record's values.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { expect } from 'vitest';

import { FeedbackBridge } from '@/app/feedback-bridge';

/** The values of the open dialog's text fields, in order. */
export function dialogTexts(): string[] {
  const dialog = screen.getByRole('dialog');
  return within(dialog)
    .queryAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);
}

/**
 * Renders `dialog(record, open)` opened on each record in turn (closed in between, as a page does) and checks that
 * each opening's text fields start with `expected(record)`.
 */
export function expectEachOpeningShowsItsOwn<R>(
  dialog: (record: R, open: boolean) => ReactElement,
  records: readonly R[],
  expected: (record: R) => string[],
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactElement) => (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN}>
        <AntApp>
          <FeedbackBridge />
          <MemoryRouter>{node}</MemoryRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
  const view = render(wrap(dialog(records[0]!, true)));
  records.forEach((record, i) => {
    if (i > 0) {
      view.rerender(wrap(dialog(records[i - 1]!, false)));
      view.rerender(wrap(dialog(record, true)));
    }
    expect(dialogTexts().slice(0, expected(record).length), `opening ${String(i + 1)}`).toEqual(
      expected(record),
    );
  });
}
