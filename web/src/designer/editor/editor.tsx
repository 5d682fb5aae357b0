// The designer's editor (issue 15 point 2, DESIGN §7 "Editor"), its own lazy chunk: the toolbar above, the palette,
// the symbol library and the layer tree on the left, the canvas in the middle and the property panel on the right,
// filling the console's content area. It reads and writes the page's store; whatever talks to the server (save,
// versions) the page passes in as callbacks, since the designer imports no feature.
import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Result, Space, Tabs } from 'antd';
import { lazy, memo, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useIsPhone } from '@/components/use-phone';
import type { SizeKind } from '@/lib/screen-size';
import type { DataSourceOption, ScreenOption } from '../elements/types';
import type { CanvasSize, DesignDocument } from '../model';
import type { PreviewDevice, PreviewScreen } from '../runtime/preview/screen-preview';
import { DesignCanvas, SHORTCUTS, type DesignCanvasHandle } from './canvas';
import type { PaletteItem } from './palette-drag';
import { LayersPanel } from './panels/layers-panel';
import { PalettePanel } from './panels/palette-panel';
import { PropertyPanel } from './panels/property-panel';
import { ShortcutHelp } from './panels/shortcut-help';
import { SharedToolTip } from './panels/tool-tip';
import { SymbolsPanel } from './panels/symbols-panel';
import { Toolbar } from './panels/toolbar';
import type { DesignerStore } from './store';
import { useFillHeight } from './use-fill-height';
import './editor.css';

// The canvas and the panels re-render only when their own props change. The session around the editor re-renders
// on every save (saving, clean again, the new revision, the template's queries refreshed) and while the draft and
// the queries arrive after opening: none of that may redraw the canvas, the layer tree or the property panel's form
// (benchmark B7). The page keeps their props stable (the default size, the screens, the data sources).
const Canvas = memo(DesignCanvas);
const Palette = memo(PalettePanel);
const Symbols = memo(SymbolsPanel);
const Layers = memo(LayersPanel);
const Properties = memo(PropertyPanel);
const Bar = memo(Toolbar);

// The preview draws through the runtime, in its own chunk, loaded when first opened.
const ScreenPreview = lazy(() => import('../runtime/preview/screen-preview'));

/** What the page gives the preview: the devices bound to the template, the other screens, the way to bind. */
export interface EditorPreview {
  devices: readonly PreviewDevice[];
  loadScreen: (screenId: number) => Promise<PreviewScreen>;
  bindAction?: ReactNode;
}

export interface DesignerEditorProps {
  store: DesignerStore;
  /** Shown first in the toolbar (the page's back button). */
  toolbarStart?: ReactNode;
  templateId: number;
  screenId: number;
  screenName: string;
  templateName: string;
  kind: SizeKind;
  /** The template's size for the screen's kind: a document without its own size is drawn at it. */
  defaultSize: CanvasSize;
  dataSources: readonly DataSourceOption[];
  /** The template's screens, for jumps and pop-ups. */
  screens: readonly ScreenOption[];
  saving: boolean;
  onSave: () => void;
  onVersions: () => void;
  /** The preview's data; without it the toolbar offers no preview. */
  preview?: EditorPreview;
}

export default function DesignerEditor(props: DesignerEditorProps) {
  const { t } = useTranslation();
  const { store } = props;
  const canvas = useRef<DesignCanvasHandle>(null);
  const [zoom, setZoom] = useState(1);
  const [fitRequest, setFitRequest] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const fill = useFillHeight();
  const root = useRef<HTMLDivElement | null>(null);
  const frame = useCallback(
    (node: HTMLDivElement | null) => {
      root.current = node;
      fill(node);
    },
    [fill],
  );
  const phone = useIsPhone();
  // The document as it was when the preview opened: the preview reads it, never the store.
  const [previewDoc, setPreviewDoc] = useState<DesignDocument | null>(null);
  const showPreview = useCallback(() => setPreviewDoc(store.getState().doc), [store]);
  const openPreview = props.preview ? showPreview : undefined;
  const fit = useCallback(() => setFitRequest((n) => n + 1), []);
  const showShortcuts = useCallback(() => setHelpOpen(true), []);
  const preview = props.preview && previewDoc && (
    <Suspense fallback={null}>
      <ScreenPreview
        open
        screenId={props.screenId}
        screenName={props.screenName}
        doc={previewDoc}
        defaultSize={props.defaultSize}
        devices={props.preview.devices}
        loadScreen={props.preview.loadScreen}
        bindAction={props.preview.bindAction}
        onClose={() => setPreviewDoc(null)}
      />
    </Suspense>
  );

  const add = useCallback((item: PaletteItem) => {
    if (canvas.current?.addAt(item)) canvas.current.focus();
  }, []);

  // Drawing with handles, a palette and a property panel needs a tablet's width at least: a phone gets a plain
  // notice and the way back instead of a squeezed editor; the preview is fine on a phone.
  if (phone) {
    return (
      <>
        <Result
          status="info"
          title={t('designer.editor.narrow.title')}
          subTitle={t('designer.editor.narrow.body')}
          extra={
            <Space wrap>
              {props.toolbarStart}
              {openPreview && (
                <Button icon={<PlayCircleOutlined />} onClick={openPreview}>
                  {t('designer.editor.toolbar.preview')}
                </Button>
              )}
            </Space>
          }
        />
        {preview}
      </>
    );
  }

  return (
    <div className="designer" ref={frame}>
      <Bar
        store={store}
        start={props.toolbarStart}
        screenName={props.screenName}
        templateName={props.templateName}
        defaultSize={props.defaultSize}
        zoom={zoom}
        onZoom={setZoom}
        onFit={fit}
        saving={props.saving}
        onSave={props.onSave}
        onVersions={props.onVersions}
        onShortcuts={showShortcuts}
        onPreview={openPreview}
      />
      <div className="designer__body">
        <aside className="designer__side designer__side--left">
          <Tabs
            size="small"
            className="designer__tabs"
            items={[
              {
                key: 'palette',
                label: t('designer.editor.panels.palette'),
                children: <Palette onAdd={add} />,
              },
              {
                key: 'symbols',
                label: t('designer.editor.panels.symbols'),
                children: <Symbols onAdd={add} />,
              },
              {
                key: 'layers',
                label: t('designer.editor.panels.layers'),
                children: <Layers store={store} />,
              },
            ]}
          />
        </aside>
        <main className="designer__canvas">
          <Canvas
            ref={canvas}
            store={store}
            dataSources={props.dataSources}
            screens={props.screens}
            templateId={props.templateId}
            screenId={props.screenId}
            zoom={zoom}
            onZoomChange={setZoom}
            fitRequest={fitRequest}
            defaultSize={props.defaultSize}
          />
        </main>
        <aside
          className="designer__side designer__side--right"
          aria-label={t('designer.editor.panels.properties')}
        >
          <Properties
            store={store}
            kind={props.kind}
            defaultSize={props.defaultSize}
            dataSources={props.dataSources}
            screens={props.screens}
          />
        </aside>
      </div>
      <SharedToolTip root={root} />
      <ShortcutHelp open={helpOpen} shortcuts={SHORTCUTS} onClose={() => setHelpOpen(false)} />
      {preview}
    </div>
  );
}
