// The property panel for one element: its placement (each field one undoable step), its definition's settings form
// (with the template's data sources and screens; the form carries the states and flicker of a stateful element),
// and the bindings that name a data source the template no longer has.
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { SCREEN_COORDINATE_MAX } from '@/types/limits.gen';
import { elementDefinition } from '../../elements/registry';
import { FieldSection, NumberField } from '../../elements/form';
import type { DataSourceOption, ScreenOption } from '../../elements/types';
import { brokenBindings, isLocked, setPlacement, updateElement, type ElementPatch } from '../../model';
import type { DesignElement, Placement } from '../../model/types';
import type { DesignerStore } from '../store';
import { useDesigner } from '../use-designer';
import { AnimationSection } from './animation-section';

const PLACEMENT_FIELDS = ['x', 'y', 'w', 'h', 'rotation'] as const;

interface ElementPropertiesProps {
  store: DesignerStore;
  element: DesignElement;
  dataSources: readonly DataSourceOption[];
  screens: readonly ScreenOption[];
}

export function PlacementFields({
  placement,
  disabled,
  onChange,
}: {
  placement: Partial<Placement>;
  disabled: boolean;
  onChange: (patch: Partial<Placement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="designer-placement">
      {PLACEMENT_FIELDS.filter((field) => placement[field] !== undefined).map((field) => (
        <NumberField
          key={field}
          label={t(`designer.editor.placement.${field}`)}
          value={placement[field] ?? 0}
          disabled={disabled}
          precision={field === 'rotation' ? 1 : 0}
          {...(field === 'rotation'
            ? { min: -359, max: 359, addonAfter: '°' }
            : field === 'w' || field === 'h'
              ? { min: 1, max: SCREEN_COORDINATE_MAX }
              : { min: -SCREEN_COORDINATE_MAX, max: SCREEN_COORDINATE_MAX })}
          onChange={(value) => {
            if (value !== null) onChange({ [field]: value });
          }}
        />
      ))}
    </div>
  );
}

/** The screen a jump or pop-up names ('' for another action). */
function screenIdOf(action: DesignElement['actions'][number] | undefined): number | string {
  return action && (action.type === 'jump_screen' || action.type === 'open_popup') ? action.screen_id : '';
}

export function ElementProperties({ store, element, dataSources, screens }: ElementPropertiesProps) {
  const { t } = useTranslation();
  const locked = useDesigner(store, (s) => isLocked(s.doc, element.id));
  const definition = elementDefinition(element.type);
  const broken = brokenBindings(
    { ...store.getState().doc, elements: [element] },
    dataSources.map((source) => source.id),
    screens.map((screen) => screen.id),
  )[0];
  const apply = (patch: ElementPatch) =>
    store.getState().apply((doc) => updateElement(doc, element.id, patch));
  const SettingsForm = definition?.settingsForm;

  return (
    <>
      <Typography.Text strong className="designer-props__title">
        {definition ? t(definition.i18nKey) : element.type}
      </Typography.Text>
      {locked && <Alert type="info" showIcon title={t('designer.editor.properties.locked')} />}
      {broken && (
        <Alert
          type="warning"
          showIcon
          title={t('designer.binding.broken')}
          description={[
            ...broken.bindings.map((key) =>
              t('designer.editor.properties.brokenBinding', {
                key,
                id: element.bindings[key]?.data_source_id ?? '',
              }),
            ),
            ...broken.actions.map((index) =>
              t('designer.editor.properties.brokenAction', { index: index + 1 }),
            ),
            ...broken.screens.map((index) =>
              t('designer.editor.properties.brokenScreen', {
                index: index + 1,
                id: screenIdOf(element.actions[index]),
              }),
            ),
            ...broken.animations.map((index) => t('designer.animation.broken', { index: index + 1 })),
          ].join('; ')}
          data-testid="broken-bindings"
        />
      )}
      <FieldSection title={t('designer.editor.properties.placement')}>
        <PlacementFields
          placement={element.placement}
          disabled={locked}
          onChange={(patch) => store.getState().apply((doc) => setPlacement(doc, element.id, patch))}
        />
      </FieldSection>
      {SettingsForm ? (
        <SettingsForm element={element} dataSources={dataSources} screens={screens} onChange={apply} />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('designer.editor.properties.unknownType', { type: element.type })}
        />
      )}
      <AnimationSection
        animations={element.animations}
        dataSources={dataSources}
        disabled={locked}
        onChange={(animations) => {
          apply({ animations });
        }}
      />
    </>
  );
}
