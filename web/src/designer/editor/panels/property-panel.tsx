// The right-hand panel: the screen when nothing is selected, the element when one is, and for several the placement
// of the selection as a whole (moving all of it) with the align and distribute tools.
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { SizeKind } from '@/lib/screen-size';
import type { DataSourceOption, ScreenOption } from '../../elements/types';
import { moveElements, selectionBounds, type CanvasSize } from '../../model';
import type { DesignerStore } from '../store';
import { useDesigner } from '../use-designer';
import { AlignButtons } from './align-buttons';
import { ElementProperties, PlacementFields } from './element-properties';
import { FieldSection } from '../../elements/form';
import { ScreenProperties } from './screen-properties';

export interface PropertyPanelProps {
  store: DesignerStore;
  kind: SizeKind;
  defaultSize: CanvasSize;
  dataSources: readonly DataSourceOption[];
  screens: readonly ScreenOption[];
}

function SeveralProperties({ store, defaultSize }: Pick<PropertyPanelProps, 'store' | 'defaultSize'>) {
  const { t } = useTranslation();
  const selection = useDesigner(store, (s) => s.selection);
  const doc = useDesigner(store, (s) => s.doc);
  const bounds = useMemo(() => selectionBounds(doc, selection), [doc, selection]);
  return (
    <>
      <Typography.Text strong className="designer-props__title">
        {t('designer.editor.properties.several', { count: selection.length })}
      </Typography.Text>
      {bounds && (
        <FieldSection title={t('designer.editor.properties.placement')}>
          <PlacementFields
            placement={{ x: Math.round(bounds.x), y: Math.round(bounds.y) }}
            disabled={false}
            onChange={({ x, y }) =>
              store
                .getState()
                .apply((doc) =>
                  moveElements(
                    doc,
                    selection,
                    x === undefined ? 0 : x - bounds.x,
                    y === undefined ? 0 : y - bounds.y,
                  ),
                )
            }
          />
        </FieldSection>
      )}
      <FieldSection title={t('designer.editor.properties.arrange')}>
        <AlignButtons store={store} defaultSize={defaultSize} />
      </FieldSection>
    </>
  );
}

export function PropertyPanel(props: PropertyPanelProps) {
  const { store } = props;
  const selection = useDesigner(store, (s) => s.selection);
  const dataSourceIds = useMemo(() => props.dataSources.map((source) => source.id), [props.dataSources]);
  const screenIds = useMemo(() => props.screens.map((screen) => screen.id), [props.screens]);
  const single = useDesigner(store, (s) =>
    s.selection.length === 1 ? s.doc.elements.find((e) => e.id === s.selection[0]) : undefined,
  );
  if (selection.length === 0)
    return (
      <ScreenProperties
        store={store}
        dataSourceIds={dataSourceIds}
        screenIds={screenIds}
        kind={props.kind}
        defaultSize={props.defaultSize}
      />
    );
  if (single)
    return (
      <ElementProperties
        // A fresh form per element: its fields' drafts never carry over to the next one selected.
        key={single.id}
        store={store}
        element={single}
        dataSources={props.dataSources}
        screens={props.screens}
      />
    );
  return <SeveralProperties store={store} defaultSize={props.defaultSize} />;
}
