// The symbol editor: click the drawing to pick one of its elements (or pick it from the list, or step out to the
// group around it), mark it as a part a state recolours, and name each part in Chinese, English or both. The parts
// are kept in order (the first is the one a plain state colour takes), with the symbol's name and category.
import { DeleteOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { serverErrorPlace } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdateSymbol } from './api/update-symbol';
import { categoryOptions } from './category-options';
import { SYMBOL_NAME_MAX, SYMBOL_PART_NAME_MAX, SYMBOL_PARTS_MAX } from './limits';
import type { UserSymbol, UserSymbolCategory, UserSymbolPart } from './types';
import { SvgMarkup, useSymbolSvg } from './user-symbol-view';

interface SymbolEditorProps {
  /** null: closed. */
  symbol: UserSymbol | null;
  onClose: () => void;
}

/** The parts after marking `id`: appended once, never twice. */
export function markPart(parts: readonly UserSymbolPart[], id: string): UserSymbolPart[] {
  return parts.some((p) => p.id === id) ? [...parts] : [...parts, { id, zh: '', en: '' }];
}

/** Whether every part has a name in at least one language. */
export function partsNamed(parts: readonly UserSymbolPart[]): boolean {
  return parts.every((p) => p.zh.trim() !== '' || p.en.trim() !== '');
}

/** Each element's enclosing element that has an id of its own (the group a click may step out to). */
function parentIds(markup: string | undefined): Map<string, string> {
  const parents = new Map<string, string>();
  if (!markup) return parents;
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  for (const node of Array.from(doc.querySelectorAll('[data-iot-id]'))) {
    const parent = node.parentElement?.closest('[data-iot-id]')?.getAttribute('data-iot-id');
    const id = node.getAttribute('data-iot-id');
    if (id && parent) parents.set(id, parent);
  }
  return parents;
}

export function SymbolEditor({ symbol, onClose }: SymbolEditorProps) {
  return symbol ? <EditorModal key={symbol.id} symbol={symbol} onClose={onClose} /> : null;
}

function EditorModal({ symbol, onClose }: { symbol: UserSymbol; onClose: () => void }) {
  const { t } = useTranslation();
  const svg = useSymbolSvg(symbol.url);
  const update = useUpdateSymbol();
  const [name, setName] = useState(symbol.name);
  const [category, setCategory] = useState<UserSymbolCategory>(symbol.category as UserSymbolCategory);
  const [parts, setParts] = useState<UserSymbolPart[]>(symbol.parts);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const kinds = new Map(symbol.elements.map(([id, kind]) => [id, kind]));

  // Marked parts and the picked element are shown on the drawing itself.
  useLayoutEffect(() => {
    const root = canvas.current;
    if (!root) return;
    for (const node of Array.from(root.querySelectorAll('[data-iot-id]'))) {
      const id = node.getAttribute('data-iot-id') ?? '';
      node.classList.toggle(
        'user-symbols__marked',
        parts.some((p) => p.id === id),
      );
      node.classList.toggle('user-symbols__picked', id === selected);
    }
  }, [parts, selected, svg.data]);

  const markup = svg.data?.markup;
  const parents = useMemo(() => parentIds(markup), [markup]);
  const parentOf = (id: string): string | null => parents.get(id) ?? null;

  const setPart = (id: string, patch: Partial<UserSymbolPart>) =>
    setParts((all) => all.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  const save = async () => {
    setError(null);
    if (name.trim() === '') {
      setError(t('designer.userSymbols.nameRequired'));
      return;
    }
    if (!partsNamed(parts)) {
      setError(t('designer.userSymbols.editor.partUnnamed'));
      return;
    }
    try {
      await update.mutateAsync({ id: symbol.id, name: name.trim(), category, parts });
      toast.success(t('designer.userSymbols.editor.saved'));
      onClose();
    } catch (e) {
      setError(serverErrorPlace(e, []).text);
    }
  };

  const elementLabel = (id: string) => `${id} · ${kinds.get(id) ?? ''}`;

  return (
    <Modal
      open
      title={t('designer.userSymbols.editor.title', { name: symbol.name })}
      width={880}
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      confirmLoading={update.isPending}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <div className="user-symbols__editor" data-testid="symbol-editor">
        <div className="user-symbols__editor-left">
          <Typography.Text type="secondary">{t('designer.userSymbols.editor.clickHint')}</Typography.Text>
          <div
            ref={canvas}
            className="user-symbols__canvas"
            data-testid="symbol-editor-canvas"
            role="presentation"
            onClick={(event) => {
              const hit = (event.target as Element).closest('[data-iot-id]');
              setSelected(hit?.getAttribute('data-iot-id') ?? null);
            }}
          >
            {svg.data && <SvgMarkup markup={svg.data.markup} />}
          </div>
          <Space wrap>
            <Select<string>
              size="small"
              showSearch
              allowClear
              className="user-symbols__element-select"
              aria-label={t('designer.userSymbols.editor.element')}
              placeholder={t('designer.userSymbols.editor.element')}
              value={selected ?? undefined}
              options={symbol.elements.map(([id]) => ({ value: id, label: elementLabel(id) }))}
              onChange={(id: string | undefined) => setSelected(id ?? null)}
            />
            <Button
              size="small"
              icon={<VerticalAlignTopOutlined />}
              disabled={selected === null || parentOf(selected) === null}
              onClick={() => selected && setSelected(parentOf(selected))}
            >
              {t('designer.userSymbols.editor.parent')}
            </Button>
            <Button
              size="small"
              type="primary"
              data-testid="symbol-mark-part"
              disabled={
                selected === null || parts.some((p) => p.id === selected) || parts.length >= SYMBOL_PARTS_MAX
              }
              onClick={() => selected && setParts((all) => markPart(all, selected))}
            >
              {t('designer.userSymbols.editor.mark')}
            </Button>
          </Space>
        </div>
        <div className="user-symbols__editor-right">
          <Form layout="vertical" component="div">
            <Form.Item label={t('designer.userSymbols.name')} required>
              <Input
                value={name}
                maxLength={SYMBOL_NAME_MAX}
                showCount
                onChange={(e) => setName(e.target.value)}
              />
            </Form.Item>
            <Form.Item label={t('designer.userSymbols.category')}>
              <Select<UserSymbolCategory>
                value={category}
                options={categoryOptions(t)}
                onChange={setCategory}
              />
            </Form.Item>
          </Form>
          <Typography.Text strong>{t('designer.userSymbols.editor.parts')}</Typography.Text>
          <Typography.Paragraph type="secondary" className="user-symbols__hint">
            {t('designer.userSymbols.editor.partsHint')}
          </Typography.Paragraph>
          {parts.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('designer.userSymbols.editor.noParts')}
            />
          ) : (
            <ol className="user-symbols__parts" data-testid="symbol-parts">
              {parts.map((part) => (
                <li
                  key={part.id}
                  className={part.id === selected ? 'user-symbols__part is-picked' : 'user-symbols__part'}
                >
                  <button
                    type="button"
                    className="user-symbols__part-id"
                    onClick={() => setSelected(part.id)}
                  >
                    {elementLabel(part.id)}
                  </button>
                  <Input
                    size="small"
                    value={part.zh}
                    maxLength={SYMBOL_PART_NAME_MAX}
                    placeholder={t('designer.userSymbols.editor.nameZh')}
                    aria-label={t('designer.userSymbols.editor.nameZh')}
                    onChange={(e) => setPart(part.id, { zh: e.target.value })}
                  />
                  <Input
                    size="small"
                    value={part.en}
                    maxLength={SYMBOL_PART_NAME_MAX}
                    placeholder={t('designer.userSymbols.editor.nameEn')}
                    aria-label={t('designer.userSymbols.editor.nameEn')}
                    onChange={(e) => setPart(part.id, { en: e.target.value })}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('designer.userSymbols.editor.unmark', { id: part.id })}
                    onClick={() => setParts((all) => all.filter((p) => p.id !== part.id))}
                  />
                </li>
              ))}
            </ol>
          )}
          {error && <Alert type="error" showIcon title={error} />}
        </div>
      </div>
    </Modal>
  );
}
