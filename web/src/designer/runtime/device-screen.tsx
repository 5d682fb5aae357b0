// One device's screens at work (issue 16): a screen document drawn by ScreenView with the device's live values and
// states, its controls writing through the same checks as the device detail; a jump shows another screen of the
// template in its place, a pop-up opens one over it with the same device (the pop-up inherits its opener's device).
// The designer's preview, a device's Screens tab, the configuration monitor and the carousel all draw through it.
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Result, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { translateCode } from '@/lib/i18n';
import type { CanvasSize } from '../model';
import type { DesignDocument, DesignElement } from '../model/types';
import { CameraSourceContext } from '../elements/display/camera-source';
import { useFeedSource } from './feed-source';
import { RuntimeProviders } from './runtime-providers';
import { ScreenView } from './screen-view';
import type { ScreenFit } from './fit';
import { useConfirmedAlarmFlags } from './use-confirmed-alarms';
import { useDeviceFeed } from './use-device-feed';
import { useScreenVisible } from '@/lib/use-screen-visible';
import { useScreenWrite } from './use-screen-write';
import { useTrendHistory } from './use-trend-history';
import { createValuesStore, type ValuesStore } from './values-store';
import './device-screen.css';

/** Another screen of the template as a jump or a pop-up shows it. */
export interface RuntimeScreen {
  name: string;
  document: DesignDocument;
  /** The screen's size (the document's own, else the template's for its kind). */
  size: CanvasSize;
}

function useOtherScreen(
  scope: string,
  screenId: number | null,
  loadScreen: (screenId: number) => Promise<RuntimeScreen>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['designer', 'runtime-screen', scope, screenId],
    queryFn: () => loadScreen(screenId ?? 0),
    enabled: enabled && screenId !== null,
  });
}

function ScreenLoadState({ query }: { query: { isError: boolean; error: unknown; refetch: () => unknown } }) {
  const { t } = useTranslation();
  if (!query.isError) return <Spin className="iot-device-screen__spin" />;
  return (
    <Result
      status="warning"
      title={t('designer.runtime.screen.screenFailed')}
      subTitle={isApiError(query.error) ? query.error.detail : undefined}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          {t('designer.runtime.screen.retry')}
        </Button>
      }
    />
  );
}

export interface DeviceScreenProps {
  deviceId: number;
  /** The screen shown first, with its document and size. */
  screenId: number;
  screenName: string;
  doc: DesignDocument;
  defaultSize: CanvasSize;
  /** Another screen of the template, a jump's or a pop-up's target. */
  loadScreen: (screenId: number) => Promise<RuntimeScreen>;
  /** Names what `loadScreen` reads (the designer's saved designs, a device's publication) in the query cache. */
  scope: string;
  /** The viewer may operate the controls at all (false: a read-only share); the server checks every right again. */
  canOperate?: boolean;
  /** How the screen fits its host (contain: whole). */
  fit?: ScreenFit;
}

/** One device's screen: its own values store, fed while shown. */
export function DeviceScreen({
  deviceId,
  screenId,
  screenName,
  doc,
  defaultSize,
  loadScreen,
  scope,
  canOperate = true,
  fit,
}: DeviceScreenProps) {
  const { t } = useTranslation();
  const [store] = useState<ValuesStore>(() => createValuesStore());
  useEffect(() => () => store.dispose(), [store]);
  // Unseen (a background tab, scrolled away), the screen stops its live subscription (lib/use-screen-visible.ts).
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const seen = useScreenVisible(node);
  // Every data source of the device: a jump or a pop-up may show sources this screen does not.
  const feed = useDeviceFeed(store, deviceId, [], canOperate, seen);
  useConfirmedAlarmFlags(store, deviceId);
  const writer = useScreenWrite(deviceId, feed.passwordRequired);
  const [shownId, setShownId] = useState(screenId);
  const [popupId, setPopupId] = useState<number | null>(null);
  const other = useOtherScreen(scope, shownId === screenId ? null : shownId, loadScreen, true);
  const popup = useOtherScreen(scope, popupId === screenId ? null : popupId, loadScreen, popupId !== null);
  const shown: RuntimeScreen | undefined =
    shownId === screenId ? { name: screenName, document: doc, size: defaultSize } : other.data;
  const popupScreen: RuntimeScreen | undefined =
    popupId === screenId ? { name: screenName, document: doc, size: defaultSize } : popup.data;
  const history = useTrendHistory(shown?.document ?? doc, deviceId);
  // The camera elements' device and template (its camera slots): the screens' query the feed read already.
  const feedSource = useFeedSource();
  const templateId = feedSource.useScreens(deviceId).data?.template_id ?? null;
  const share = feedSource.shareToken ?? null;
  const camera = useMemo(() => ({ deviceId, templateId, share }), [deviceId, templateId, share]);

  const onAction = (element: DesignElement, index: number) => {
    const action = element.actions[index];
    if (!action) return;
    switch (action.type) {
      case 'jump_screen':
        setPopupId(null);
        setShownId(action.screen_id);
        return;
      case 'open_popup':
        setPopupId(action.screen_id);
        return;
      case 'open_url':
        // Always a new tab: leaving the page would leave the editor and its unsaved changes.
        window.open(action.url, '_blank', 'noopener');
        return;
      case 'write_value':
        writer.writeAction(element, action);
        return;
    }
  };

  if (feed.status === 'loading') return <Spin className="iot-device-screen__spin" />;
  if (feed.status === 'error')
    return (
      <Result
        status="warning"
        title={t('designer.runtime.screen.loadFailed')}
        subTitle={isApiError(feed.error) ? feed.error.detail : undefined}
        extra={
          <Button icon={<ReloadOutlined />} onClick={feed.retry}>
            {t('designer.runtime.screen.retry')}
          </Button>
        }
      />
    );

  return (
    <RuntimeProviders access={feed.access} alarms={feed.alarms} history={history}>
      <CameraSourceContext value={camera}>
        <div className="iot-device-screen" ref={setNode}>
          {feed.liveError !== null && (
            <Alert
              type="warning"
              showIcon
              className="iot-device-screen__alert"
              title={translateCode(String(feed.liveError))}
            />
          )}
          {feed.devState === 2 && (
            <Alert
              type="info"
              showIcon
              className="iot-device-screen__alert"
              title={t('designer.runtime.screen.offline')}
            />
          )}
          {shownId !== screenId && (
            <div className="iot-device-screen__crumb">
              <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => setShownId(screenId)}>
                {t('designer.runtime.screen.backTo', { name: screenName })}
              </Button>
              {shown && <Typography.Text strong>{shown.name}</Typography.Text>}
            </div>
          )}
          <div className="iot-device-screen__screen">
            {shown ? (
              <ScreenView
                doc={shown.document}
                store={store}
                defaultSize={shown.size}
                onWrite={writer.write}
                onAction={onAction}
                label={shown.name}
                fit={fit}
                staleAfterMs={feed.offlineTimeoutMs}
                knownSources={feed.knownSources}
              />
            ) : (
              <ScreenLoadState query={other} />
            )}
          </div>
          <Modal
            open={popupId !== null}
            title={popupScreen?.name ?? t('designer.runtime.screen.popup')}
            footer={null}
            width="min(960px, 100vw)"
            className="iot-device-screen-popup"
            onCancel={() => setPopupId(null)}
            destroyOnHidden
          >
            <div className="iot-device-screen-popup__screen">
              {popupScreen ? (
                // The pop-up inherits the device of its opener: the same values store.
                <ScreenView
                  doc={popupScreen.document}
                  store={store}
                  defaultSize={popupScreen.size}
                  onWrite={writer.write}
                  onAction={onAction}
                  label={popupScreen.name}
                  staleAfterMs={feed.offlineTimeoutMs}
                  knownSources={feed.knownSources}
                />
              ) : (
                <ScreenLoadState query={popup} />
              )}
            </div>
          </Modal>
          {writer.prompt}
        </div>
      </CameraSourceContext>
    </RuntimeProviders>
  );
}
