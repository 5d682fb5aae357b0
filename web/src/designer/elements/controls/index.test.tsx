import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { ELEMENT_TYPES } from '@/types/limits.gen';
import { CONTROL_ELEMENTS } from './index';

describe('CONTROL_ELEMENTS', () => {
  it('registers the six control and chart types the server knows, once each', () => {
    const types = CONTROL_ELEMENTS.map((d) => d.type);
    expect(types).toEqual(['switch', 'button', 'input', 'gauge', 'chart', 'alarm_list']);
    for (const type of types) expect(ELEMENT_TYPES).toContain(type);
  });

  it('names each in zh and en, and keeps its settings within the document’s key rule', () => {
    for (const definition of CONTROL_ELEMENTS) {
      expect(i18n.getFixedT('zh')(definition.i18nKey)).not.toBe(definition.i18nKey);
      expect(i18n.getFixedT('en')(definition.i18nKey)).not.toBe(definition.i18nKey);
      for (const key of [...Object.keys(definition.defaultSettings()), ...definition.bindingKeys])
        expect(key).toMatch(/^[a-z][a-z0-9_]{0,31}$/);
    }
  });
});
