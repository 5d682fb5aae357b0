// The widget palette: the 13 widget types with their icons and names; a click adds a card of that type at the first
// free spot of the grid (at most DASHBOARD_CARDS_MAX cards) and selects it.
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import { DASHBOARD_CARDS_MAX } from '@/types/limits.gen';
import { WIDGET_ORDER, widgetOf } from '../widgets/registry';
import type { WidgetType } from '../widgets/types';
import { useEditor } from './context';

export function Palette({ onAdd }: { onAdd: (type: WidgetType) => void }) {
  const { t } = useTranslation();
  const full = useEditor((s) => s.draft.model.cards.length >= DASHBOARD_CARDS_MAX);
  return (
    <nav className="dbe-palette-panel" aria-label={t('dashboards.editor.palette')}>
      <div className="dbe-panel-title">{t('dashboards.editor.palette')}</div>
      <Tooltip title={full ? t('dashboards.editor.cardsMax', { max: DASHBOARD_CARDS_MAX }) : undefined}>
        <ul className="dbe-palette-list">
          {WIDGET_ORDER.map((type) => {
            const definition = widgetOf(type);
            const Icon = definition.icon;
            const name = t(definition.i18nKey);
            return (
              <li key={type}>
                <button
                  type="button"
                  className="dbe-palette-item"
                  disabled={full}
                  aria-label={t('dashboards.editor.add', { name })}
                  data-widget-type={type}
                  onClick={() => {
                    onAdd(type);
                  }}
                >
                  <Icon />
                  <span>{name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </Tooltip>
    </nav>
  );
}
