// Link: a label, or a transparent hotspot laid over a drawing, whose action jumps to another screen of the template
// or opens one as a pop-up (which inherits the device of its opener: the runtime's concern). On the canvas it does
// nothing when clicked, and a hotspot shows a dashed outline so it can be found.
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { ElementAction } from '../../model/types';
import { FieldSection, NumberField, SelectField, SwitchField, useSettingPatch } from '../form';
import { FlickerSection } from '../flicker-field';
import { boxStyle, classes, useLook } from '../look';
import { LookFields } from '../look-fields';
import { settingBoolean } from '../settings';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import './display.css';

type Target = 'jump_screen' | 'open_popup';
const TARGETS: readonly Target[] = ['jump_screen', 'open_popup'];

function LinkElement(props: ElementRenderProps) {
  const { t } = useTranslation();
  const { element, mode, onAction } = props;
  const { look, flickerClass, flickerStyle } = useLook(props);
  const hotspot = settingBoolean(element.settings, 'transparent', false);
  const live = mode !== 'edit' && element.actions.length > 0 && onAction !== undefined;
  const run = () => onAction?.(0);
  const text = look.text || (mode === 'edit' ? t('designer.elements.link') : '');
  return (
    <div
      className={classes(
        'iot-el iot-el--box',
        live && 'iot-link',
        hotspot && mode === 'edit' && 'iot-el--placeholder',
        flickerClass,
      )}
      style={hotspot ? undefined : { ...boxStyle(look), ...flickerStyle }}
      role={live ? 'link' : undefined}
      tabIndex={live ? 0 : undefined}
      aria-label={hotspot && live ? t('designer.elements.link') : undefined}
      onClick={live ? run : undefined}
      onKeyDown={live ? (event: KeyboardEvent) => event.key === 'Enter' && run() : undefined}
    >
      {(!hotspot || mode === 'edit') && <span className="iot-el-text">{text}</span>}
    </div>
  );
}

function targetOf(action: ElementAction | undefined): { type: Target; screenId: number | null } {
  if (action?.type === 'jump_screen' || action?.type === 'open_popup')
    return { type: action.type, screenId: action.screen_id };
  return { type: 'jump_screen', screenId: null };
}

function LinkSettings(props: SettingsFormProps) {
  const { t } = useTranslation();
  const { element, onChange, screens } = props;
  const patch = useSettingPatch(element, onChange);
  const target = targetOf(element.actions[0]);
  // The link's own action is the first; actions after it (another engineer's, a URL) stay as they are.
  const setTarget = (type: Target, screenId: number | null) =>
    onChange({
      actions:
        screenId === null
          ? element.actions.slice(1)
          : [{ type, screen_id: screenId }, ...element.actions.slice(1)],
    });
  return (
    <>
      <FieldSection title={t('designer.form.action')}>
        <SelectField<Target>
          label={t('designer.form.actionType')}
          value={target.type}
          options={TARGETS.map((type) => ({ value: type, label: t(`designer.form.actions.${type}`) }))}
          onChange={(type) => setTarget(type ?? 'jump_screen', target.screenId)}
        />
        {screens ? (
          <SelectField<number>
            label={t('designer.form.screen')}
            value={target.screenId}
            allowClear
            options={screens.map((screen) => ({ value: screen.id, label: screen.name }))}
            onChange={(id) => setTarget(target.type, id)}
          />
        ) : (
          <NumberField
            label={t('designer.form.screenId')}
            value={target.screenId}
            min={1}
            precision={0}
            onChange={(id) => setTarget(target.type, id)}
          />
        )}
        <SwitchField
          label={t('designer.form.hotspot')}
          value={settingBoolean(element.settings, 'transparent', false)}
          onChange={(on) => patch.setting('transparent', on)}
        />
      </FieldSection>
      <LookFields
        {...props}
        fields={['text', 'fontColor', 'backgroundColor', 'stroke', 'font', 'textAlign', 'isUnderline']}
      />
      <FlickerSection element={element} onChange={onChange} />
    </>
  );
}

export const linkElement: ElementDefinition = {
  type: 'link',
  category: 'basic',
  i18nKey: 'designer.elements.link',
  defaultSize: { w: 100, h: 32 },
  defaultSettings: () => ({
    text: '',
    transparent: false,
    fontColor: '#165dff',
    backgroundColor: null,
    stroke: null,
    font: '14px sans-serif',
    textAlign: 'center',
    isUnderline: true,
  }),
  bindingKeys: [],
  stateful: false,
  component: LinkElement,
  settingsForm: LinkSettings,
};
