// The designer's preview (issue 15 point 8): the document being edited, unsaved changes included, drawn by the
// runtime's ScreenView with the live values and states of a device bound to the template, chosen here. It reads the
// document it is given and nothing else: the editor's document and undo history stay as they were. A jump shows
// another screen of the template in its place, a pop-up opens one over it with the same device; Esc or the close
// button returns to the editor. The page loads in its own chunk (the editor imports it lazily).
import { CloseOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Modal, Select, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { CanvasSize } from '../../model';
import type { DesignDocument } from '../../model/types';
import { DeviceScreen, type RuntimeScreen } from '../device-screen';
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
export type PreviewScreen = RuntimeScreen;

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
          <DeviceScreen
            key={deviceId}
            deviceId={deviceId}
            screenId={props.screenId}
            screenName={props.screenName}
            doc={props.doc}
            defaultSize={props.defaultSize}
            loadScreen={props.loadScreen}
            scope="preview"
          />
        )}
      </div>
    </Modal>
  );
}
