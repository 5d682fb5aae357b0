// Video: the device's camera stream, from the address the runtime provides (video-source.ts). On the canvas, and
// while a device has no address, it shows its poster (or a dark box with the reason).
import { useTranslation } from 'react-i18next';

import { SCREEN_URL_MAX } from '@/types/limits.gen';

import { FieldSection, SwitchField, TextField, useSettingPatch } from '../form';
import { classes } from '../look';
import { settingBoolean, settingOptionalString } from '../settings';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { useVideoSource } from './video-source';
import './display.css';

function VideoElement({ element, mode }: ElementRenderProps) {
  const { t } = useTranslation();
  const source = useVideoSource();
  const poster = settingOptionalString(element.settings, 'poster');
  if (mode === 'edit' || !source) {
    if (poster) {
      return (
        <div className="iot-el">
          <img className="iot-image" src={poster} alt="" draggable={false} style={{ objectFit: 'cover' }} />
        </div>
      );
    }
    return (
      <div className={classes('iot-el iot-el--box', 'iot-video--empty')} style={{ justifyContent: 'center' }}>
        <span className="iot-el-text">
          {t(mode === 'edit' ? 'designer.elements.video' : 'designer.form.videoNone')}
        </span>
      </div>
    );
  }
  return (
    <div className="iot-el">
      <video
        className="iot-video"
        src={source}
        poster={poster ?? undefined}
        muted={settingBoolean(element.settings, 'muted', true)}
        controls={settingBoolean(element.settings, 'controls', true)}
        autoPlay
        playsInline
      />
    </div>
  );
}

function VideoSettings({ element, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  return (
    <FieldSection title={t('designer.form.data')}>
      <TextField
        label={t('designer.form.poster')}
        value={settingOptionalString(element.settings, 'poster') ?? ''}
        maxLength={SCREEN_URL_MAX}
        extra={t('designer.form.videoHint')}
        onChange={(url) => patch.setting('poster', url.trim() === '' ? null : url.trim())}
      />
      <SwitchField
        label={t('designer.form.muted')}
        value={settingBoolean(element.settings, 'muted', true)}
        onChange={(on) => patch.setting('muted', on)}
      />
      <SwitchField
        label={t('designer.form.controls')}
        value={settingBoolean(element.settings, 'controls', true)}
        onChange={(on) => patch.setting('controls', on)}
      />
    </FieldSection>
  );
}

export const videoElement: ElementDefinition = {
  type: 'video',
  category: 'media',
  i18nKey: 'designer.elements.video',
  defaultSize: { w: 320, h: 180 },
  defaultSettings: () => ({ poster: null, muted: true, controls: true }),
  bindingKeys: [],
  stateful: false,
  component: VideoElement,
  settingsForm: VideoSettings,
};
