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

export interface OpeningOptions {
  /** Read the number fields (antd's InputNumber, role spinbutton) too, in the order they come with the text
   * fields: a dialog whose values are numbers (a drawer of quotas). */
  numbers?: boolean;
  /** The query client the dialog is rendered with (one holding what the dialog reads, for a dialog that loads its
   * record): a fresh one without retries when omitted. */
  client?: QueryClient;
}

/** The values of the open dialog's text fields (and number fields with `numbers`), in order. */
export function dialogTexts(options: OpeningOptions = {}): string[] {
  const dialog = within(screen.getByRole('dialog'));
  const fields = [
    ...dialog.queryAllByRole('textbox'),
    ...(options.numbers ? dialog.queryAllByRole('spinbutton') : []),
  ];
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return fields.map((input) => (input as HTMLInputElement).value);
}

/**
 * Renders `dialog(record, open)` opened on each record in turn (closed in between, as a page does) and checks that
 * each opening's text fields (and number fields with `options.numbers`) start with `expected(record)`.
 */
export function expectEachOpeningShowsItsOwn<R>(
  dialog: (record: R, open: boolean) => ReactElement,
  records: readonly R[],
  expected: (record: R) => string[],
  options: OpeningOptions = {},
) {
  const client = options.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
    expect(dialogTexts(options).slice(0, expected(record).length), `opening ${String(i + 1)}`).toEqual(
      expected(record),
    );
  });
}
