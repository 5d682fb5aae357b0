// Iframe: an https page embedded in the screen, sandboxed (scripts, forms and pop-ups; never top navigation). A page
// of the console's own origin would, with scripts and same-origin together, be able to lift its own sandbox, so it
// loses same-origin. On the canvas the page is not loaded (500 elements, and clicks must select, not browse): a
// placeholder shows its address.
import { useTranslation } from 'react-i18next';

import { frameSandbox } from '@/lib/frame-sandbox';
import { SCREEN_URL_MAX } from '@/types/limits.gen';

import { FieldSection, TextField, useSettingPatch } from '../form';
import { classes } from '../look';
import { settingString } from '../settings';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import './display.css';

/** The URL when it is an https address, else null (http, javascript:, relative or malformed). */
export function frameUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function IframeElement({ element, mode }: ElementRenderProps) {
  const { t } = useTranslation();
  const raw = settingString(element.settings, 'url', '');
  const url = frameUrl(raw);
  if (mode === 'edit' || !url) {
    return (
      <div className={classes('iot-el iot-el--box', 'iot-el--placeholder')}>
        <span className="iot-el-text">
          {mode === 'edit' ? raw || t('designer.elements.iframe') : t('designer.form.urlInvalid')}
        </span>
      </div>
    );
  }
  return (
    <div className="iot-el">
      <iframe
        className="iot-frame"
        src={url.href}
        title={t('designer.elements.iframe')}
        sandbox={frameSandbox(url, window.location.origin)}
        referrerPolicy="no-referrer"
        loading="lazy"
      />
    </div>
  );
}

function IframeSettings({ element, onChange }: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(element, onChange);
  const raw = settingString(element.settings, 'url', '');
  const invalid = raw !== '' && !frameUrl(raw);
  return (
    <FieldSection title={t('designer.form.data')}>
      <TextField
        label={t('designer.form.url')}
        value={raw}
        maxLength={SCREEN_URL_MAX}
        placeholder="https://"
        invalid={invalid}
        extra={invalid ? t('designer.form.urlInvalid') : undefined}
        onChange={(url) => patch.setting('url', url.trim())}
      />
    </FieldSection>
  );
}

export const iframeElement: ElementDefinition = {
  type: 'iframe',
  category: 'media',
  i18nKey: 'designer.elements.iframe',
  defaultSize: { w: 400, h: 300 },
  defaultSettings: () => ({ url: '' }),
  bindingKeys: [],
  stateful: false,
  component: IframeElement,
  settingsForm: IframeSettings,
};
