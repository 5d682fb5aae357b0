// The 3D model card: the screens' model3d element's view (Model3dView) fed by the card's device the way a screen's
// runtime feeds it (useDeviceFeed into a values store, each binding's value, the state its `value` picks), from the
// dashboard source's feed: the console's endpoints and socket, or a share link's, whose page loads the model's files
// through the link. Turned and zoomed by hand in a presentation; out of sight nothing is mounted (no viewer, no
// subscription).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Model3dView, namedModel } from '@/designer/elements/display/model3d/model3d-element';
import { consoleModelFiles, ModelFilesContext } from '@/designer/elements/display/model3d/model-files';
import { readModel3d } from '@/designer/elements/display/model3d/scene';
import { elementState } from '@/designer/elements/states';
import type { DesignElement } from '@/designer/model/types';
import { FeedSourceProvider, useFeedSource } from '@/designer/runtime/feed-source';
import { useBoundValues } from '@/designer/runtime/use-bound-values';
import { useDeviceFeed } from '@/designer/runtime/use-device-feed';
import { createValuesStore, type ValuesStore } from '@/designer/runtime/values-store';
import { errorDetail, isGone } from '../../data/gone';
import { useDashboardSource } from '../../data/source';
import { targetDevice } from '../../data/target';
import { WidgetFrame } from '../../data/theme';
import { ErrorState, GoneState, WidgetState } from '../../data/widget-state';
import type { WidgetProps } from '../types';
import { cardElement } from './card-element';
import './model3d.css';

type Named = NonNullable<ReturnType<typeof namedModel>>;

function LiveModel({
  deviceId,
  element,
  model,
  interactive,
}: {
  deviceId: number;
  element: DesignElement;
  model: Named;
  interactive: boolean;
}) {
  const modelFiles = useFeedSource().modelFiles ?? consoleModelFiles;
  const [store] = useState<ValuesStore>(() => createValuesStore());
  const sourceIds = useMemo(
    () => Object.values(element.bindings).map((binding) => binding.data_source_id),
    [element.bindings],
  );
  // A card only shows: its device is never operated from here.
  const feed = useDeviceFeed(store, deviceId, sourceIds, false);
  const values = useBoundValues(store, element.bindings);
  const state = useMemo(() => elementState(element, values), [element, values]);
  if (feed.status === 'loading') return <WidgetState kind="loading" />;
  if (feed.status === 'error')
    return isGone(feed.error) ? (
      <GoneState what="device" />
    ) : (
      <ErrorState detail={errorDetail(feed.error)} onRetry={feed.retry} />
    );
  return (
    <div className="dw-model3d__view" data-device-id={deviceId}>
      <ModelFilesContext value={modelFiles}>
        <Model3dView model={model} values={values} state={state} interactive={interactive} />
      </ModelFilesContext>
    </div>
  );
}

export default function Model3dWidget({
  card,
  settings,
  mode,
  visible,
  linkage,
  theme,
}: WidgetProps<'model3d'>) {
  const { t } = useTranslation();
  const deviceId = targetDevice(card.link, settings.device_id, linkage);
  const source = useDashboardSource();
  const element = useMemo(() => cardElement(settings), [settings]);
  const model = useMemo(() => namedModel(readModel3d(element.settings)), [element]);

  let body;
  if (model === null)
    body = (
      <WidgetState
        kind="empty"
        title={t('dashboards.widgets.model3d.noModel')}
        detail={t('dashboards.widgets.model3d.noModelHint')}
      />
    );
  else if (deviceId === null)
    body = (
      <WidgetState
        kind="empty"
        title={t('dashboards.widgets.model3d.noDevice')}
        detail={t(
          card.link === 'device'
            ? 'dashboards.widgets.model3d.pickHint'
            : 'dashboards.widgets.model3d.noDeviceHint',
        )}
      />
    );
  else if (!visible) body = <div className="dw-model3d__away" />;
  else
    body = (
      <FeedSourceProvider source={source.feed}>
        <LiveModel
          // Another device starts afresh (its own values).
          key={deviceId}
          deviceId={deviceId}
          element={element}
          model={model}
          // The editor's grid keeps the pointer for moving the card.
          interactive={mode === 'view'}
        />
      </FeedSourceProvider>
    );

  return (
    <WidgetFrame theme={theme} className="dw-model3d" testId="widget-model3d">
      {body}
    </WidgetFrame>
  );
}
