// The symbol library: the built-in symbols by category, searched by their name in the current language (or their
// id), and the tenant's own ("mine", my-symbols-panel.tsx); a click or a drop adds a `symbol` element showing one,
// at the symbol's own size.
import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SYMBOL_CATEGORIES, SYMBOLS, type SymbolDefinition } from '../../symbols';
import type { PaletteItem } from '../palette-drag';
import { MySymbolsPanel } from './my-symbols-panel';
import { PaletteTile } from './palette-panel';

export function symbolItem(symbol: SymbolDefinition): PaletteItem {
  return { type: 'symbol', settings: { symbol: symbol.id, parts: [] }, size: symbol.defaultSize };
}

type Library = 'builtIn' | 'mine';

export function SymbolsPanel({ onAdd }: { onAdd: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  const [library, setLibrary] = useState<Library>('builtIn');
  const chooser = (
    <Segmented<Library>
      block
      size="small"
      value={library}
      onChange={setLibrary}
      data-testid="symbols-library"
      options={[
        { value: 'builtIn', label: t('designer.userSymbols.builtIn') },
        { value: 'mine', label: t('designer.userSymbols.mine') },
      ]}
    />
  );
  return (
    <div className="designer-palette">
      {chooser}
      {library === 'mine' ? <MySymbolsPanel onAdd={onAdd} /> : <BuiltInSymbols onAdd={onAdd} />}
    </div>
  );
}

function BuiltInSymbols({ onAdd }: { onAdd: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const matches = (symbol: SymbolDefinition) =>
    needle === '' ||
    symbol.id.toLowerCase().includes(needle) ||
    t(symbol.i18nKey, { defaultValue: symbol.id }).toLowerCase().includes(needle);
  const groups = SYMBOL_CATEGORIES.map((category) => ({
    category,
    symbols: SYMBOLS.filter((symbol) => symbol.category === category && matches(symbol)),
  })).filter((group) => group.symbols.length > 0);

  return (
    <div className="designer-palette">
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('designer.editor.symbols.search')}
        aria-label={t('designer.editor.symbols.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {groups.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.editor.symbols.none')} />
      )}
      {groups.map((group) => (
        <section key={group.category} className="designer-palette__group">
          <Typography.Text type="secondary" className="designer-palette__title">
            {t(`designer.symbolCategories.${group.category}`)}
          </Typography.Text>
          <div className="designer-palette__grid">
            {group.symbols.map((symbol) => (
              <PaletteTile
                key={symbol.id}
                item={symbolItem(symbol)}
                label={t(symbol.i18nKey, { defaultValue: symbol.id })}
                icon={<symbol.Component />}
                testId={`symbol-${symbol.id}`}
                onAdd={onAdd}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
