// The designer's preview (issue 15 point 8): the document being edited, unsaved changes included, drawn by the
// runtime's ScreenView with the live values and states of a device bound to the template, chosen here. It reads the
// document it is given and nothing else: the editor's document and undo history stay as they were. A jump shows
// another screen of the template in its place, a pop-up opens one over it with the same device; Esc or the close
// button returns to the editor. The page loads in its own chunk (the editor imports it lazily).
import { ArrowLeftOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Empty, Modal, Result, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { translateCode } from '@/lib/i18n';
import type { CanvasSize } from '../../model';
import type { DesignDocument, DesignElement } from '../../model/types';
import { RuntimeProviders } from '../runtime-providers';
import { ScreenView } from '../screen-view';
import { useDeviceFeed } from '../use-device-feed';
import { useScreenWrite } from '../use-screen-write';
import { useTrendHistory } from '../use-trend-history';
import { createValuesStore, type ValuesStore } from '../values-store';
import './preview.css';

/** A device bound to the template (the template overview's devices). */
export interface PreviewDevice {
  id: number;
  sn_code: string;
  alias: string;
  /** 1 online, 2 offline, null unregistered. */
  dev_state: number | null;
}

/** Another screen of the template as a jump or a pop-up shows it. */
export interface PreviewScreen {
  name: string;
  document: DesignDocument;
  /** The template's size for the screen's kind. */
  size: CanvasSize;
}

export interface ScreenPreviewProps {
  open: boolean;
  screenId: number;
  screenName: string;
  /** The document as the editor holds it now. */
  doc: DesignDocument;
  defaultSize: CanvasSize;
  devices: readonly PreviewDevice[];
  /** The saved design of another screen of the template (a jump's or a pop-up's target). */
  loadScreen: (screenId: number) => Promise<PreviewScreen>;
  /** The way to bind a device, shown when none is bound (the page's link to binding). */
  bindAction?: ReactNode;
  onClose: () => void;
}

/** The device the preview starts with: the first online one, else the first. */
export function firstDevice(devices: readonly PreviewDevice[]): number | null {
  return (devices.find((d) => d.dev_state === 1) ?? devices[0])?.id ?? null;
}

const deviceLabel = (device: PreviewDevice): string =>
  device.alias ? `${device.alias} (${device.sn_code})` : device.sn_code;

function useOtherScreen(
  screenId: number | null,
  loadScreen: ScreenPreviewProps['loadScreen'],
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['designer', 'preview-screen', screenId],
    queryFn: () => loadScreen(screenId ?? 0),
    enabled: enabled && screenId !== null,
  });
}

function ScreenLoadState({ query }: { query: { isError: boolean; error: unknown; refetch: () => unknown } }) {
  const { t } = useTranslation();
  if (!query.isError) return <Spin className="iot-preview__spin" />;
  return (
    <Result
      status="warning"
      title={t('designer.runtime.preview.screenFailed')}
      subTitle={isApiError(query.error) ? query.error.detail : undefined}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
          {t('designer.runtime.preview.retry')}
        </Button>
      }
    />
  );
}

interface DevicePreviewProps {
  deviceId: number;
  screenId: number;
  screenName: string;
  doc: DesignDocument;
  defaultSize: CanvasSize;
  loadScreen: ScreenPreviewProps['loadScreen'];
}

/** One device's preview: its own values store, fed while shown. */
function DevicePreview({ deviceId, screenId, screenName, doc, defaultSize, loadScreen }: DevicePreviewProps) {
  const { t } = useTranslation();
  const [store] = useState<ValuesStore>(() => createValuesStore());
  useEffect(() => () => store.dispose(), [store]);
  // Every data source of the device: a jump or a pop-up may show sources this screen does not.
  const feed = useDeviceFeed(store, deviceId, []);
  const writer = useScreenWrite(deviceId, feed.passwordRequired);
  const [shownId, setShownId] = useState(screenId);
  const [popupId, setPopupId] = useState<number | null>(null);
  const other = useOtherScreen(shownId === screenId ? null : shownId, loadScreen, true);
  const popup = useOtherScreen(popupId === screenId ? null : popupId, loadScreen, popupId !== null);
  const shown: PreviewScreen | undefined =
    shownId === screenId ? { name: screenName, document: doc, size: defaultSize } : other.data;
  const popupScreen: PreviewScreen | undefined =
    popupId === screenId ? { name: screenName, document: doc, size: defaultSize } : popup.data;
  const history = useTrendHistory(shown?.document ?? doc, deviceId);

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

  if (feed.status === 'loading') return <Spin className="iot-preview__spin" />;
  if (feed.status === 'error')
    return (
      <Result
        status="warning"
        title={t('designer.runtime.preview.loadFailed')}
        subTitle={isApiError(feed.error) ? feed.error.detail : undefined}
        extra={
          <Button icon={<ReloadOutlined />} onClick={feed.retry}>
            {t('designer.runtime.preview.retry')}
          </Button>
        }
      />
    );

  return (
    <RuntimeProviders access={feed.access} alarms={feed.alarms} history={history}>
      {feed.liveError !== null && (
        <Alert
          type="warning"
          showIcon
          className="iot-preview__alert"
          title={translateCode(String(feed.liveError))}
        />
      )}
      {feed.devState === 2 && (
        <Alert
          type="info"
          showIcon
          className="iot-preview__alert"
          title={t('designer.runtime.preview.offline')}
        />
      )}
      {shownId !== screenId && (
        <div className="iot-preview__crumb">
          <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => setShownId(screenId)}>
            {t('designer.runtime.preview.backTo', { name: screenName })}
          </Button>
          {shown && <Typography.Text strong>{shown.name}</Typography.Text>}
        </div>
      )}
      <div className="iot-preview__screen">
        {shown ? (
          <ScreenView
            doc={shown.document}
            store={store}
            defaultSize={shown.size}
            onWrite={writer.write}
            onAction={onAction}
            label={shown.name}
          />
        ) : (
          <ScreenLoadState query={other} />
        )}
      </div>
      <Modal
        open={popupId !== null}
        title={popupScreen?.name ?? t('designer.runtime.preview.popup')}
        footer={null}
        width="min(960px, 100vw)"
        className="iot-preview-popup"
        onCancel={() => setPopupId(null)}
        destroyOnHidden
      >
        <div className="iot-preview-popup__screen">
          {popupScreen ? (
            // The pop-up inherits the device of its opener: the same values store.
            <ScreenView
              doc={popupScreen.document}
              store={store}
              defaultSize={popupScreen.size}
              onWrite={writer.write}
              onAction={onAction}
              label={popupScreen.name}
            />
          ) : (
            <ScreenLoadState query={popup} />
          )}
        </div>
      </Modal>
      {writer.prompt}
    </RuntimeProviders>
  );
}

export default function ScreenPreview(props: ScreenPreviewProps) {
  const { t } = useTranslation();
  const { devices } = props;
  const [chosen, setChosen] = useState<number | null>(null);
  const deviceId = chosen !== null && devices.some((d) => d.id === chosen) ? chosen : firstDevice(devices);
  const device = devices.find((d) => d.id === deviceId);

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      footer={null}
      closable={false}
      width="100%"
      className="iot-preview"
      rootClassName="iot-preview-root"
      destroyOnHidden
      title={
        <div className="iot-preview__head">
          <Typography.Text strong ellipsis className="iot-preview__title">
            {t('designer.runtime.preview.title', { name: props.screenName })}
          </Typography.Text>
          {devices.length > 0 && (
            <Space size={8} wrap className="iot-preview__device">
              <Select<number>
                className="iot-preview__select"
                aria-label={t('designer.runtime.preview.device')}
                value={deviceId ?? undefined}
                showSearch={{ optionFilterProp: 'label' }}
                options={devices.map((d) => ({ value: d.id, label: deviceLabel(d) }))}
                onChange={setChosen}
              />
              {device && (
                <Badge
                  status={device.dev_state === 1 ? 'success' : 'default'}
                  text={t(
                    device.dev_state === 1
                      ? 'designer.runtime.preview.online'
                      : 'designer.runtime.preview.notOnline',
                  )}
                />
              )}
            </Space>
          )}
          <Button
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('designer.runtime.preview.close')}
            onClick={props.onClose}
          />
        </div>
      }
    >
      <div className="iot-preview__body">
        {deviceId === null ? (
          <Empty
            className="iot-preview__empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Space orientation="vertical" size={4}>
                <Typography.Text strong>{t('designer.runtime.preview.noDevice')}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('designer.runtime.preview.noDeviceHint')}
                </Typography.Text>
              </Space>
            }
          >
            {props.bindAction}
          </Empty>
        ) : (
          <DevicePreview
            key={deviceId}
            deviceId={deviceId}
            screenId={props.screenId}
            screenName={props.screenName}
            doc={props.doc}
            defaultSize={props.defaultSize}
            loadScreen={props.loadScreen}
          />
        )}
      </div>
    </Modal>
  );
}
