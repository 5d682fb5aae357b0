// Image: a picture by URL, typed or chosen from the gallery, optionally switched among states, each of which may
// show its own image.
import { useTranslation } from 'react-i18next';

import { resolveImageUrl } from '../../gallery/resolve-url';
import { FieldSection, SelectField, useSettingPatch } from '../form';
import { classes, useLook } from '../look';
import { LookFields } from '../look-fields';
import { settingChoice } from '../settings';
import { StatefulSections } from '../stateful-sections';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { Translated } from '../translated';
import './display.css';

const FITS = ['contain', 'cover', 'fill'] as const;
type Fit = (typeof FITS)[number];

function ImageElement(props: ElementRenderProps) {
  const { look, flickerClass, flickerStyle } = useLook(props);
  const fit = settingChoice(props.element.settings, 'fit', FITS, 'contain');
  if (!look.imgUrl) {
    return (
      <div
        className={classes(
          'iot-el iot-el--box',
          props.mode === 'edit' && 'iot-el--placeholder',
          flickerClass,
        )}
        style={flickerStyle}
      >
        {props.mode === 'edit' && (
          <span className="iot-el-text">
            <Translated k="designer.elements.image" />
          </span>
        )}
      </div>
    );
  }
  return (
    // The image blinks as the drawing (background flicker) of a drawn element does.
    <div className={classes('iot-el iot-el--drawing', flickerClass)} style={flickerStyle}>
      <img
        className="iot-image"
        src={resolveImageUrl(look.imgUrl)}
        alt=""
        draggable={false}
        loading="lazy"
        style={{ objectFit: fit }}
      />
    </div>
  );
}

function ImageSettings(props: SettingsFormProps) {
  const { t } = useTranslation();
  const patch = useSettingPatch(props.element, props.onChange);
  return (
    <>
      <LookFields {...props} fields={['imgUrl']} />
      <FieldSection title={t('designer.form.layout')}>
        <SelectField<Fit>
          label={t('designer.form.fit')}
          value={settingChoice(props.element.settings, 'fit', FITS, 'contain')}
          options={FITS.map((fit) => ({ value: fit, label: t(`designer.form.fits.${fit}`) }))}
          onChange={(fit) => patch.setting('fit', fit ?? 'contain')}
        />
      </FieldSection>
      <StatefulSections {...props} />
    </>
  );
}

export const imageElement: ElementDefinition = {
  type: 'image',
  category: 'media',
  i18nKey: 'designer.elements.image',
  defaultSize: { w: 120, h: 90 },
  defaultSettings: () => ({ imgUrl: null, fit: 'contain' }),
  bindingKeys: ['value'],
  stateful: true,
  component: ImageElement,
  settingsForm: ImageSettings,
};
