// The palette: the registry's element types by category, each added by a click (centred in view) or dragged onto
// the canvas.
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { paletteGroups } from '../../elements/registry';
import { writePaletteDrag, type PaletteItem } from '../palette-drag';
import { ElementIcon } from './element-icons';

export interface PaletteTileProps {
  item: PaletteItem;
  label: string;
  icon: ReactNode;
  /** Names the tile in tests; `palette-<type>` by default. */
  testId?: string;
  onAdd: (item: PaletteItem) => void;
}

/** One draggable, clickable tile (an element type, or a symbol of the library). */
export function PaletteTile({ item, label, icon, testId, onAdd }: PaletteTileProps) {
  return (
    <button
      type="button"
      className="designer-palette__tile"
      draggable
      title={label}
      data-testid={testId ?? `palette-${item.type}`}
      onDragStart={(event) => writePaletteDrag(event.dataTransfer, item)}
      onClick={() => onAdd(item)}
    >
      <span className="designer-palette__icon">{icon}</span>
      <span className="designer-palette__label">{label}</span>
    </button>
  );
}

export function PalettePanel({ onAdd }: { onAdd: (item: PaletteItem) => void }) {
  const { t } = useTranslation();
  return (
    <div className="designer-palette" aria-label={t('designer.editor.panels.palette')}>
      {paletteGroups()
        // Symbols have their own tab, by category and searchable.
        .filter((group) => group.category !== 'symbol')
        .map((group) => (
          <section key={group.category} className="designer-palette__group">
            <Typography.Text type="secondary" className="designer-palette__title">
              {t(group.i18nKey)}
            </Typography.Text>
            <div className="designer-palette__grid">
              {group.definitions.map((definition) => (
                <PaletteTile
                  key={definition.type}
                  item={{ type: definition.type }}
                  label={t(definition.i18nKey)}
                  icon={<ElementIcon type={definition.type} />}
                  onAdd={onAdd}
                />
              ))}
            </div>
          </section>
        ))}
    </div>
  );
}
