// Camera (issue 38 point 4): the live video of the device being shown, from one of its template's camera slots
// (/yun/module/video, by index) or the device's own video address. On the canvas a dark box names the source; at
// run time the player (components/video) plays it, and a camera that fails shows "invalid video address" on its own
// player while the rest of the screen keeps running.
import { useTranslation } from 'react-i18next';

import { VideoPlayer } from '@/components/video/video-player';
import { CAMERA_SOURCES, useCameraAddress, type CameraSource } from '@/lib/video/video-cloud';
import { TEMPLATE_CAMERAS_MAX } from '@/types/limits.gen';

import { FieldSection, SelectField, SwitchField, useSettingPatch } from '../form';
import { classes } from '../look';
import { settingBoolean, settingChoice, settingNumber } from '../settings';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { useCameraDevice } from './camera-source';
import './display.css';

function cameraSettings(element: ElementRenderProps['element']) {
  return {
    source: settingChoice<CameraSource>(element.settings, 'source', CAMERA_SOURCES, 'slot'),
    slot: settingNumber(element.settings, 'slot', 0),
    muted: settingBoolean(element.settings, 'muted', true),
    controls: settingBoolean(element.settings, 'controls', true),
  };
}

function CameraPlayer({
  element,
  deviceId,
  templateId,
  share,
}: {
  element: ElementRenderProps['element'];
  deviceId: number;
  templateId: number | null;
  share: string | null;
}) {
  const { source, slot, muted, controls } = cameraSettings(element);
  const address = useCameraAddress(source, slot, deviceId, templateId, { share });
  return (
    <div className="iot-el" data-camera-source={source}>
      <VideoPlayer src={address.url} waiting={address.waiting} muted={muted} controls={controls} />
    </div>
  );
}

function CameraElement({ element, mode }: ElementRenderProps) {
  const { t } = useTranslation();
  const device = useCameraDevice();
  if (mode === 'edit' || !device) {
    const { source, slot } = cameraSettings(element);
    return (
      <div className={classes('iot-el iot-el--box', 'iot-video--empty')} style={{ justifyContent: 'center' }}>
        <span className="iot-el-text">
          {source === 'slot'
            ? `${t('video.camera.title')} · ${t('video.camera.slot')} ${String(slot + 1)}`
            : `${t('video.camera.title')} · ${t('video.camera.sourceDevice')}`}
        </span>
      </div>
    );
  }
  return (
    <CameraPlayer
      element={element}
      deviceId={device.deviceId}
      templateId={device.templateId}
      share={device.share}
    />
  );
}

const SLOT_OPTIONS = Array.from({ length: TEMPLATE_CAMERAS_MAX }, (_, index) => ({
  value: index,
  label: String(index + 1),
}));

function CameraSettings({ element, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const { source, slot, muted, controls } = cameraSettings(element);
  return (
    <FieldSection title={t('designer.form.data')}>
      <SelectField<CameraSource>
        label={t('video.camera.source')}
        value={source}
        options={[
          { value: 'slot', label: t('video.camera.sourceSlot') },
          { value: 'device', label: t('video.camera.sourceDevice') },
        ]}
        onChange={(value) => patch.setting('source', value ?? 'slot')}
      />
      {source === 'slot' && (
        <SelectField<number>
          label={t('video.camera.slot')}
          value={slot}
          options={SLOT_OPTIONS}
          extra={t('video.camera.slotHint')}
          onChange={(value) => patch.setting('slot', value ?? 0)}
        />
      )}
      <SwitchField
        label={t('designer.form.muted')}
        value={muted}
        onChange={(on) => patch.setting('muted', on)}
      />
      <SwitchField
        label={t('designer.form.controls')}
        value={controls}
        onChange={(on) => patch.setting('controls', on)}
      />
    </FieldSection>
  );
}

export const cameraElement: ElementDefinition = {
  type: 'camera',
  category: 'media',
  i18nKey: 'designer.elements.camera',
  defaultSize: { w: 320, h: 180 },
  defaultSettings: () => ({ source: 'slot', slot: 0, muted: true, controls: true }),
  bindingKeys: [],
  stateful: false,
  component: CameraElement,
  settingsForm: CameraSettings,
};
