// An element's look and how a state changes it. The settings keys are the state's field names (SPEC §3 "Screen
// element state": backgroundColor, stroke, fontColor, font, textAlign, isUnderline, text, imgUrl), so a state
// overrides exactly the setting of the same name, and a state field left empty (null) keeps the element's own.
import type { CSSProperties } from 'react';

import type { ElementState, Flicker, JsonValue } from '../model/types';
import { FLICKER_DEFAULT, useFlicker } from './flicker';
import { cssFont } from './form/font';
import { settingBoolean, settingChoice, settingOptionalString, settingString } from './settings';
import type { ElementRenderProps } from './types';
import './look.css';

export type TextAlign = 'left' | 'center' | 'right';
export const TEXT_ALIGNS: readonly TextAlign[] = ['left', 'center', 'right'];

export interface Look {
  text: string;
  imgUrl: string | null;
  backgroundColor: string | null;
  stroke: string | null;
  fontColor: string | null;
  font: string | null;
  textAlign: TextAlign;
  isUnderline: boolean;
}

export function baseLook(settings: Readonly<Record<string, JsonValue>>): Look {
  return {
    text: settingString(settings, 'text', ''),
    imgUrl: settingOptionalString(settings, 'imgUrl'),
    backgroundColor: settingOptionalString(settings, 'backgroundColor'),
    stroke: settingOptionalString(settings, 'stroke'),
    fontColor: settingOptionalString(settings, 'fontColor'),
    font: settingOptionalString(settings, 'font'),
    textAlign: settingChoice(settings, 'textAlign', TEXT_ALIGNS, 'center'),
    isUnderline: settingBoolean(settings, 'isUnderline', false),
  };
}

/** The look with the state's fields laid over it. */
export function withState(look: Look, state: ElementState | null): Look {
  if (!state) return look;
  return {
    text: state.text ?? look.text,
    imgUrl: state.imgUrl ?? look.imgUrl,
    backgroundColor: state.backgroundColor ?? look.backgroundColor,
    stroke: state.stroke ?? look.stroke,
    fontColor: state.fontColor ?? look.fontColor,
    font: state.font ?? look.font,
    textAlign: state.textAlign ?? look.textAlign,
    // A state always says whether it underlines (the server's default is false), so it decides.
    isUnderline: state.isUnderline,
  };
}

/** The flicker in force: the state's own while a state shows (none when it has none), else the element's. */
export function activeFlicker(elementFlicker: Flicker, state: ElementState | null): Flicker {
  return state ? { ...FLICKER_DEFAULT, ...state.flicker } : elementFlicker;
}

const JUSTIFY: Record<TextAlign, string> = { left: 'flex-start', center: 'center', right: 'flex-end' };

/** The box's style: its background as `--iot-el-bg` (flicker.css blinks it through that), border, text. */
export function boxStyle(look: Look, strokeWidth = 1): CSSProperties {
  return {
    '--iot-el-bg': look.backgroundColor ?? 'transparent',
    border: look.stroke ? `${String(strokeWidth)}px solid ${look.stroke}` : undefined,
    color: look.fontColor ?? undefined,
    // The stored family widened to the console's stack (symbol font first): see form/font.ts.
    font: look.font ? cssFont(look.font) : undefined,
    justifyContent: JUSTIFY[look.textAlign],
    textAlign: look.textAlign,
    textDecoration: look.isUnderline ? 'underline' : undefined,
  } as CSSProperties;
}

/** An element's look under its state, with its flicker's class and custom properties. */
export function useLook({ element, state }: Pick<ElementRenderProps, 'element' | 'state'>): {
  look: Look;
  flickerClass: string;
  flickerStyle: CSSProperties;
} {
  const look = withState(baseLook(element.settings), state);
  const flicker = useFlicker(activeFlicker(element.flicker, state));
  return { look, flickerClass: flicker.className, flickerStyle: flicker.style };
}

export function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
