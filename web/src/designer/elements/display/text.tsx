// Text: a label in a box, optionally switched among states (each may change its text, colours, font, alignment).
import { LookFields } from '../look-fields';
import { boxStyle, classes, useLook } from '../look';
import { StatefulSections } from '../stateful-sections';
import type { ElementDefinition, ElementRenderProps, SettingsFormProps } from '../types';
import { Translated } from '../translated';

function TextElement(props: ElementRenderProps) {
  const { look, flickerClass, flickerStyle } = useLook(props);
  // An empty text on the canvas shows the element's name, so it can still be found and selected.
  const placeholder = props.mode === 'edit' && look.text === '';
  return (
    <div
      className={classes('iot-el iot-el--box', placeholder && 'iot-el--placeholder', flickerClass)}
      style={{ ...boxStyle(look), ...flickerStyle }}
    >
      <span className="iot-el-text">
        {placeholder ? <Translated k="designer.elements.text" /> : look.text}
      </span>
    </div>
  );
}

function TextSettings(props: SettingsFormProps) {
  return (
    <>
      <LookFields
        {...props}
        fields={['text', 'fontColor', 'backgroundColor', 'stroke', 'font', 'textAlign', 'isUnderline']}
      />
      <StatefulSections {...props} />
    </>
  );
}

export const textElement: ElementDefinition = {
  type: 'text',
  category: 'basic',
  i18nKey: 'designer.elements.text',
  defaultSize: { w: 120, h: 32 },
  defaultSettings: () => ({
    text: '',
    fontColor: '#1d2129',
    backgroundColor: null,
    stroke: null,
    font: '14px sans-serif',
    textAlign: 'center',
    isUnderline: false,
  }),
  bindingKeys: ['value'],
  stateful: true,
  component: TextElement,
  settingsForm: TextSettings,
};
