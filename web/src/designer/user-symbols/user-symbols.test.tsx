import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { bodyOf, fail, mockApi, ok } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { MySymbolsPanel } from '../editor/panels/my-symbols-panel';
import { symbolElement } from '../elements/display/symbol';
import { elementState } from '../elements/states';
import { bound, makeElement } from '../elements/test/fixtures';
import type { ElementStates } from '../model/types';
import { applyPartStyles, cleanSymbolSvg } from './svg-markup';
import type { SymbolImportOut, UserSymbol } from './types';

// What the server serves: sanitised, every element tagged, the marked parts on the root.
const SERVED =
  '<svg data-iot-parts="n2" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 60" width="40" height="60">' +
  '<rect width="40" height="60" fill="#ccc" data-iot-id="n1"></rect>' +
  '<g data-iot-id="n2" fill="#39f"><rect y="30" width="40" height="30" data-iot-id="n3"></rect>' +
  '<path d="M0 30h40" fill="none" stroke="#333" data-iot-id="n4"></path></g></svg>';
const URL = '/api/yun/resourcesInfo/symbol/file/k.svg';

const symbol = (over: Partial<UserSymbol> = {}): UserSymbol => ({
  id: 5,
  name: '储罐',
  category: 'tank',
  url: URL,
  width: 40,
  height: 60,
  parts: [],
  elements: [
    ['n1', 'rect'],
    ['n2', 'g'],
    ['n3', 'rect'],
    ['n4', 'path'],
  ],
  size_bytes: 300,
  created_at: 0,
  updated_at: 0,
  ...over,
});

function serveSvg(text = SERVED) {
  const fetch = vi.fn(() =>
    Promise.resolve(new Response(text, { headers: { 'content-type': 'image/svg+xml' } })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('cleanSymbolSvg', () => {
  it('drops again what could run or fetch, reads the parts, and fills the box', () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" data-iot-parts="n1 x&quot;y n2" onload="alert(1)">' +
      '<script>alert(1)</script><rect data-iot-id="n1" onclick="alert(2)"/>' +
      '<use href="http://evil/x.svg#a" data-iot-id="n2"/><use href="#n1"/>' +
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>';
    const clean = cleanSymbolSvg(hostile)!;
    expect(clean.parts).toEqual(['n1', 'n2']);
    expect(clean.markup).not.toMatch(/script|onload|onclick|evil|foreignObject/);
    expect(clean.markup).toContain('href="#n1"');
    expect(clean.markup).toContain('width="100%"');
    expect(cleanSymbolSvg('<html><body/></html>')).toBeNull();
    expect(cleanSymbolSvg('<svg><rect></svg>')).toBeNull();
  });

  it('recolours a part and what is inside it, leaving unfilled shapes unfilled', () => {
    const host = document.createElement('div');
    host.innerHTML = cleanSymbolSvg(SERVED)!.markup;
    applyPartStyles(host, { n2: { fill: '#f53f3f', stroke: '#000000' } });
    const node = (id: string) => host.querySelector<SVGElement>(`[data-iot-id="${id}"]`)!;
    expect(node('n2').style.getPropertyValue('fill')).toBe('rgb(245, 63, 63)');
    expect(node('n3').style.getPropertyValue('fill')).toBe('rgb(245, 63, 63)');
    expect(node('n4').style.getPropertyValue('fill')).toBe('');
    expect(node('n4').style.getPropertyValue('stroke')).toBe('rgb(0, 0, 0)');
    expect(node('n1').style.getPropertyValue('fill')).toBe('');
    // A colour that is no colour is ignored by the style object: nothing is written as CSS text.
    applyPartStyles(host, { n1: { fill: 'red;} body{display:none' } });
    expect(node('n1').style.getPropertyValue('fill')).toBe('');
  });
});

describe('a tenant symbol element', () => {
  const states: ElementStates = {
    by: 'value',
    items: [
      { max: 1, isUnderline: false },
      { min: 1, backgroundColor: '#f53f3f', isUnderline: false },
    ],
  };

  function draw(value: number | null) {
    const element = makeElement('symbol', {
      settings: { symbol: 'tenant:5', symbolUrl: URL, parts: [] },
      states,
    });
    const values = value === null ? {} : { value: bound(value) };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <symbolElement.component
          element={element}
          mode="runtime"
          values={values}
          state={elementState(element, values)}
        />
      </QueryClientProvider>,
    );
  }

  it('draws the served SVG and recolours its first marked part by state', async () => {
    const fetch = serveSvg();
    const { container } = draw(3);
    await waitFor(() => expect(container.querySelector('[data-iot-id="n2"]')).not.toBeNull());
    expect(fetch).toHaveBeenCalledWith(URL);
    const part = container.querySelector<SVGElement>('[data-iot-id="n2"]')!;
    await waitFor(() => expect(part.style.getPropertyValue('fill')).toBe('rgb(245, 63, 63)'));
    const other = container.querySelector<SVGElement>('[data-iot-id="n1"]')!;
    expect(other.style.getPropertyValue('fill')).toBe('');
  });

  it('keeps its own look without a state, and says so when the symbol is gone', async () => {
    serveSvg();
    const normal = draw(null);
    await waitFor(() => expect(normal.container.querySelector('[data-iot-id="n2"]')).not.toBeNull());
    expect(
      normal.container.querySelector<SVGElement>('[data-iot-id="n2"]')!.style.getPropertyValue('fill'),
    ).toBe('');
    normal.unmount();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 200 })));
    draw(3);
    expect(await screen.findByText('图元不存在')).toBeInTheDocument();
  });
});

describe('my symbols', () => {
  beforeEach(() => serveSvg());

  function show(list: UserSymbol[], handlers = {}) {
    const onAdd = vi.fn();
    const calls = mockApi({
      'GET /yun/resourcesInfo/symbol': () => ok({ items: list, total: list.length, page: 1, page_size: 200 }),
      ...handlers,
    });
    renderRoutes([{ path: '/', element: <MySymbolsPanel onAdd={onAdd} /> }]);
    return { calls, onAdd };
  }

  it('adds a symbol of mine to the screen by id and URL, at its proportions', async () => {
    const { onAdd } = show([symbol()]);
    await userEvent.click(await screen.findByTestId('user-symbol-5'));
    expect(onAdd).toHaveBeenCalledWith({
      type: 'symbol',
      settings: { symbol: 'tenant:5', symbolUrl: URL, parts: [] },
      size: { w: 53, h: 80 },
    });
  });

  it('imports an SVG after showing what the server kept and stripped, then opens it in the editor', async () => {
    const preview: SymbolImportOut = {
      symbol: null,
      svg: SERVED.replace('data-iot-parts="n2" ', ''),
      stripped: [
        { kind: 'element', name: 'script', count: 1 },
        { kind: 'attribute', name: 'onload', count: 2 },
      ],
    };
    const { calls } = show([], {
      'POST /yun/resourcesInfo/symbol/preview': () => ok(preview),
      'POST /yun/resourcesInfo/symbol': () => ok({ ...preview, symbol: symbol() }),
    });
    expect(await screen.findByText('还没有自己的图元：导入一个 SVG')).toBeInTheDocument();
    const file = new File(['<svg/>'], '储罐.svg', { type: 'image/svg+xml' });
    fireEvent.change(screen.getByTestId('symbols-file'), { target: { files: [file] } });
    const stripped = await screen.findByTestId('symbol-stripped');
    expect(within(stripped).getByText('元素 <script>')).toBeInTheDocument();
    expect(within(stripped).getByText(/属性 onload/)).toHaveTextContent('×2');
    await waitFor(() =>
      expect(screen.getByTestId('symbol-preview').querySelector('[data-iot-id="n3"]')).not.toBeNull(),
    );
    expect(screen.getByLabelText('图元名称')).toHaveValue('储罐');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^导\s*入$/ }));
    const imported = () => calls.find((c) => c.url === '/yun/resourcesInfo/symbol' && c.method === 'post');
    await waitFor(() => expect(imported()).toBeDefined());
    const sent = imported()!.data as FormData;
    expect([sent.get('name'), sent.get('category')]).toEqual(['储罐', 'other']);
    expect(await screen.findByTestId('symbol-editor')).toBeInTheDocument();
  }, 60_000);

  it('marks a part in the editor: a click, out to its group, named, saved in order', async () => {
    const { calls } = show([symbol()], {
      'PUT /yun/resourcesInfo/symbol': (c: { data?: unknown }) =>
        ok(symbol({ parts: (bodyOf(c as never) as { parts: UserSymbol['parts'] }).parts })),
    });
    fireEvent.click(await screen.findByTestId('user-symbol-edit-5'));
    const canvas = await screen.findByTestId('symbol-editor-canvas');
    await waitFor(() => expect(canvas.querySelector('[data-iot-id="n3"]')).not.toBeNull());
    fireEvent.click(canvas.querySelector('[data-iot-id="n3"]')!);
    fireEvent.click(screen.getByRole('button', { name: /上层分组/ }));
    fireEvent.click(screen.getByTestId('symbol-mark-part'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请为每个部件命名')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: '中文名称' }), { target: { value: '液位' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'put')!)).toEqual({
      id: 5,
      name: '储罐',
      category: 'tank',
      parts: [{ id: 'n2', zh: '液位', en: '' }],
    });
  }, 60_000);

  it('says why a file is refused and imports nothing', async () => {
    const { calls } = show([], {
      'POST /yun/resourcesInfo/symbol/preview': () =>
        fail('114021', 'SVG 不能包含 DOCTYPE 或实体声明', 'file'),
    });
    await screen.findByText('还没有自己的图元：导入一个 SVG');
    fireEvent.change(screen.getByTestId('symbols-file'), { target: { files: [new File(['x'], 'x.svg')] } });
    expect(await screen.findByText('SVG 不能包含 DOCTYPE 或实体声明')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: /^导\s*入$/ })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'post')).toHaveLength(1);
  });

  it('shows a refusal to delete a symbol a screen shows', async () => {
    show([symbol()], {
      'DELETE /yun/resourcesInfo/symbol': () => fail('114511', '该图元正在画面中使用，不能删除'),
    });
    await userEvent.click(await screen.findByRole('button', { name: '删除图元 储罐' }));
    await userEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText('该图元正在画面中使用，不能删除')).toBeInTheDocument();
  });
});
