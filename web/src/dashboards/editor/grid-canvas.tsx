// The editor's grids. Desktop: the dashboard's canvas scaled to fit the editing area like the presentation (one
// transform), react-grid-layout over its 24 columns with the presentation's row height and gaps (model/grid.ts), the
// drag and resize told the scale; free move lets cards overlap and stay where dropped, otherwise they pack upwards.
// Phone: the phone layout's 2 columns at a phone's width, unscaled. A card is drawn as presented (live data), under a
// shield that takes the clicks (select) and the drags; a gesture writes the draft once, at its end.
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { Popconfirm } from 'antd';
import { useMemo, useState, type CSSProperties } from 'react';
import ReactGridLayout, { getCompactor, verticalCompactor, type Layout } from 'react-grid-layout';
import { transformStrategy, type PositionStrategy } from 'react-grid-layout/core';
import { useTranslation } from 'react-i18next';
import 'react-grid-layout/css/styles.css';

import {
  desktopGrid,
  GRID_COLUMNS,
  moveResize,
  PHONE_COLUMNS,
  PHONE_GAP,
  PHONE_ROW_HEIGHT,
  type Breakpoint,
  type DashboardCard,
} from '../model';
import { CardFrame, type CardScope } from '../view/card-frame';
import { canvasTransform, fitCanvas } from '../view/scale';
import { useBoxSize } from '../view/use-box-size';
import { widgetOf } from '../widgets/registry';
import { useEditor, useEditorStore } from './context';

/** Room left around the canvas in the editing area, in screen px. */
const STAGE_PADDING = 24;
/** The phone frame's width (a common phone's CSS width). */
export const PHONE_FRAME_WIDTH = 390;

const freeCompactor = getCompactor(null, true);

/** Positions for a grid inside a canvas scaled by `scale`. react-grid-layout's own scaled strategy measures a drag
 * from the page's corner (right only for a grid at the page's top left); without a calcDragPosition the grid
 * measures from its own corner and divides by the scale, right wherever the canvas sits. */
export function scaledStrategy(scale: number): PositionStrategy {
  return { type: 'transform', scale, calcStyle: (pos) => transformStrategy.calcStyle(pos) };
}

interface CardActions {
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
}

function EditorCard({
  card,
  scope,
  selected,
  actions,
}: {
  card: DashboardCard;
  scope: CardScope;
  selected: boolean;
  actions: CardActions;
}) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const name = card.title || t(widgetOf(card.type).i18nKey);
  return (
    <>
      <CardFrame
        card={card}
        scope={scope}
        visible
        className={selected ? 'dbe-card dbe-card--selected' : 'dbe-card'}
        actions={
          <span className="dbe-card__actions dbe-no-drag">
            <button
              type="button"
              className="dbv-card__button dbv-card__button--shown"
              aria-label={t('dashboards.editor.duplicate')}
              onClick={() => {
                actions.onDuplicate(card.id);
              }}
            >
              <CopyOutlined />
            </button>
            <Popconfirm
              title={t('dashboards.editor.deleteConfirm', { name })}
              description={t('dashboards.editor.deleteHint')}
              okText={t('dashboards.editor.deleteOk')}
              okButtonProps={{ danger: true }}
              onConfirm={() => {
                actions.onDelete(card.id);
              }}
            >
              <button
                type="button"
                className="dbv-card__button dbv-card__button--shown"
                aria-label={t('dashboards.editor.delete')}
              >
                <DeleteOutlined />
              </button>
            </Popconfirm>
          </span>
        }
      />
      {/* Takes the pointer over the widget: a press selects the card, a drag moves it (a framed page or a chart
          would swallow both). */}
      <div
        className="dbe-shield"
        role="button"
        tabIndex={0}
        aria-label={t('dashboards.editor.select', { name })}
        aria-pressed={selected}
        // On press, not on click: react-grid-layout takes the press for a possible drag, and the click that
        // follows lands on the grid rather than here. A card being dragged is selected too.
        onPointerDown={() => {
          store.getState().select(card.id);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            store.getState().select(card.id);
          }
        }}
      />
    </>
  );
}

function useGridCards(breakpoint: Breakpoint) {
  const store = useEditorStore();
  const model = useEditor((s) => s.draft.model);
  const commit = (layout: Layout) => {
    store.getState().apply((m) => moveResize(m, layout, breakpoint));
  };
  return { model, commit };
}

export interface GridCanvasProps {
  scope: CardScope;
  actions: CardActions;
}

export function DesktopGrid({ scope, actions }: GridCanvasProps) {
  const meta = useEditor((s) => s.draft.meta);
  const selection = useEditor((s) => s.selection);
  const { model, commit } = useGridCards('desktop');
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const size = useBoxSize(box);
  const { width, height } = meta;
  const fit = useMemo(() => {
    const inner = size && {
      width: Math.max(0, size.width - 2 * STAGE_PADDING),
      height: Math.max(0, size.height - 2 * STAGE_PADDING),
    };
    const f = fitCanvas({ width, height }, inner);
    return { ...f, x: f.x + STAGE_PADDING, y: f.y + STAGE_PADDING };
  }, [size, width, height]);
  const grid = desktopGrid(width, height);
  const strategy = useMemo(() => scaledStrategy(fit.scale), [fit.scale]);
  const gridLines: CSSProperties = {
    backgroundSize: `${grid.colWidth + grid.margin}px ${grid.rowHeight + grid.margin}px`,
    backgroundPosition: `${grid.margin}px ${grid.margin}px`,
  };
  const byId = new Map(model.cards.map((c) => [c.id, c]));
  return (
    <div ref={setBox} className="dbe-stage">
      <div
        className="dbv-canvas dbe-canvas"
        style={{ width, height, transform: canvasTransform(fit) }}
        data-scale={fit.scale.toFixed(4)}
      >
        <div className="dbe-canvas__lines" style={gridLines} aria-hidden />
        <ReactGridLayout
          width={width}
          layout={model.desktop}
          gridConfig={{
            cols: GRID_COLUMNS,
            rowHeight: grid.rowHeight,
            margin: [grid.margin, grid.margin],
            containerPadding: [grid.margin, grid.margin],
          }}
          dragConfig={{ enabled: true, cancel: '.dbe-no-drag', threshold: 3 }}
          resizeConfig={{ enabled: true, handles: ['se', 'e', 's'] }}
          compactor={meta.free_move ? freeCompactor : verticalCompactor}
          positionStrategy={strategy}
          onDragStop={commit}
          onResizeStop={commit}
          style={{ minHeight: height }}
        >
          {model.desktop.map((item) => {
            const card = byId.get(item.i);
            return (
              <div key={item.i} className="dbe-item">
                {card && (
                  <EditorCard card={card} scope={scope} selected={selection === card.id} actions={actions} />
                )}
              </div>
            );
          })}
        </ReactGridLayout>
      </div>
    </div>
  );
}

export function PhoneGrid({ scope, actions }: GridCanvasProps) {
  const selection = useEditor((s) => s.selection);
  const { model, commit } = useGridCards('mobile');
  const byId = new Map(model.cards.map((c) => [c.id, c]));
  return (
    <div className="dbe-stage dbe-stage--phone">
      <div className="dbe-phone" style={{ width: PHONE_FRAME_WIDTH }}>
        <ReactGridLayout
          width={PHONE_FRAME_WIDTH}
          layout={model.mobile}
          gridConfig={{
            cols: PHONE_COLUMNS,
            rowHeight: PHONE_ROW_HEIGHT,
            margin: [PHONE_GAP, PHONE_GAP],
            containerPadding: [PHONE_GAP, PHONE_GAP],
          }}
          dragConfig={{ enabled: true, cancel: '.dbe-no-drag', threshold: 3 }}
          resizeConfig={{ enabled: true, handles: ['se', 's'] }}
          compactor={verticalCompactor}
          onDragStop={commit}
          onResizeStop={commit}
        >
          {model.mobile.map((item) => {
            const card = byId.get(item.i);
            return (
              <div key={item.i} className="dbe-item">
                {card && (
                  <EditorCard card={card} scope={scope} selected={selection === card.id} actions={actions} />
                )}
              </div>
            );
          })}
        </ReactGridLayout>
      </div>
    </div>
  );
}
