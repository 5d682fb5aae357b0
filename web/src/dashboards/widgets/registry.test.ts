// The widget registry: every one of SPEC §1's 13 types has a definition, named in both languages, that fits the grid.
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { DASHBOARD_COLUMNS, WIDGET_TYPES } from '@/types/limits.gen';
import { WIDGET_ORDER, WIDGETS, isWidgetType, widgetOf } from './registry';

describe('the widget registry', () => {
  it("has the server's 14 widget types (SPEC §1's 13 and the camera), in its order", () => {
    expect(WIDGET_ORDER).toEqual(WIDGET_TYPES);
    expect(Object.keys(WIDGETS).sort()).toEqual([...WIDGET_TYPES].sort());
    expect(WIDGET_TYPES).toHaveLength(15);
  });

  it.each(WIDGET_TYPES)(
    '%s: a definition of its own type, named in zh and en, sized within 24 columns',
    (type) => {
      expect(isWidgetType(type)).toBe(true);
      const definition = widgetOf(type as never);
      expect(definition.type).toBe(type);
      // Named in both languages, in whichever area file holds the type's texts.
      for (const lng of ['zh', 'en'])
        expect(i18n.exists(definition.i18nKey, { lng }), `${definition.i18nKey} (${lng})`).toBe(true);
      expect(definition.defaultSize.w).toBeGreaterThanOrEqual(1);
      expect(definition.defaultSize.w).toBeLessThanOrEqual(DASHBOARD_COLUMNS);
      expect(definition.defaultSize.h).toBeGreaterThanOrEqual(1);
      expect(definition.defaultSettings).toBeTypeOf('object');
      expect(definition.component).toBeDefined();
      expect(definition.settingsForm).toBeDefined();
      for (const link of definition.links) expect(['device', 'group']).toContain(link);
    },
  );

  it('knows nothing else', () => {
    expect(isWidgetType('chart')).toBe(false);
    expect(isWidgetType('toString')).toBe(false);
  });
});
