// The tenant's own symbols (issue 30 point 11): import an SVG (sanitised by the server, ../../user-symbols), open a
// symbol in the part editor, delete one no screen shows (114511); a click or a drop adds a `symbol` element naming it
// by id, with its URL, so the runtime and a share link draw it without a token.
import { DeleteOutlined, EditOutlined, ImportOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popconfirm, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useDeleteSymbol } from '../../user-symbols/api/delete-symbol';
import { useUserSymbols } from '../../user-symbols/api/list-symbols';
import { categoryLabel } from '../../user-symbols/category-options';
import { ImportDialog } from '../../user-symbols/import-dialog';
import { SVG_MAX_BYTES, SVG_SIZE_TEXT } from '../../user-symbols/limits';
import { SymbolEditor } from '../../user-symbols/symbol-editor';
import { TENANT_SYMBOL_PREFIX, type UserSymbol } from '../../user-symbols/types';
import { UserSymbolView } from '../../user-symbols/user-symbol-view';
import type { PaletteItem } from '../palette-drag';
import { PaletteTile } from './palette-panel';

const PLACED_SIDE = 80;

export function userSymbolItem(symbol: UserSymbol): PaletteItem {
  const scale = PLACED_SIDE / Math.max(symbol.width, symbol.height, 1);
  return {
    type: 'symbol',
    settings: { symbol: `${TENANT_SYMBOL_PREFIX}${symbol.id}`, symbolUrl: symbol.url, parts: [] },
    size: {
      w: Math.max(8, Math.round(symbol.width * scale)),
      h: Math.max(8, Math.round(symbol.height * scale)),
    },
  };
}

export function MySymbolsPanel({ onAdd }: { onAdd: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  const symbols = useUserSymbols();
  const remove = useDeleteSymbol();
  const [search, setSearch] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [editing, setEditing] = useState<UserSymbol | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const needle = search.trim().toLowerCase();
  const shown = (symbols.data?.items ?? []).filter(
    (s) => needle === '' || s.name.toLowerCase().includes(needle),
  );
  const categories = [...new Set(shown.map((s) => s.category))];

  const onFile = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (chosen.size > SVG_MAX_BYTES)
      toast.error(t('designer.userSymbols.import.tooLarge', { size: SVG_SIZE_TEXT }));
    else setFile(chosen);
  };

  const onDelete = async (symbol: UserSymbol) => {
    try {
      await remove.mutateAsync(symbol.id);
      toast.success(t('designer.userSymbols.deleted'));
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  };

  return (
    <div className="designer-palette user-symbols__panel">
      <Button
        size="small"
        icon={<ImportOutlined />}
        data-testid="symbols-import-button"
        onClick={() => input.current?.click()}
      >
        {t('designer.userSymbols.import.button')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/svg+xml,.svg"
        hidden
        data-testid="symbols-file"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('designer.editor.symbols.search')}
        aria-label={t('designer.editor.symbols.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {symbols.isPending && <Spin size="small" />}
      {symbols.data && shown.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={needle ? t('designer.editor.symbols.none') : t('designer.userSymbols.empty')}
        />
      )}
      {categories.map((category) => (
        <section key={category} className="designer-palette__group">
          <Typography.Text type="secondary" className="designer-palette__title">
            {categoryLabel(t, category)}
          </Typography.Text>
          <div className="designer-palette__grid">
            {shown
              .filter((s) => s.category === category)
              .map((symbol) => (
                <div key={symbol.id} className="user-symbols__tile">
                  <PaletteTile
                    item={userSymbolItem(symbol)}
                    label={symbol.name}
                    icon={<UserSymbolView url={symbol.url} />}
                    testId={`user-symbol-${symbol.id}`}
                    onAdd={onAdd}
                  />
                  <div className="user-symbols__tile-actions">
                    <Button
                      size="small"
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={t('designer.userSymbols.edit', { name: symbol.name })}
                      data-testid={`user-symbol-edit-${symbol.id}`}
                      onClick={() => setEditing(symbol)}
                    />
                    <Popconfirm
                      title={t('designer.userSymbols.deleteConfirm', { name: symbol.name })}
                      description={t('designer.userSymbols.deleteHint')}
                      okText={t('designer.userSymbols.deleteOk')}
                      cancelText={t('common.action.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => void onDelete(symbol)}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('designer.userSymbols.delete', { name: symbol.name })}
                      />
                    </Popconfirm>
                  </div>
                </div>
              ))}
          </div>
        </section>
      ))}
      <ImportDialog file={file} onClose={() => setFile(null)} onImported={setEditing} />
      <SymbolEditor symbol={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
