// The property panel's "Animation" section (docs/designer-animation.md): an element's animations by value, each a
// kind, what drives it (one data source, or an expression over named data sources of the template) and the kind's
// parameters. Every change is one undoable step (the element's `animations` replaced whole); an expression is checked
// as the server checks it, and its problem is shown under it in the user's language.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { translateCode } from '@/lib/i18n';
import {
  ANIMATION_EXPRESSION_MAX,
  ANIMATION_INPUTS_MAX,
  ANIMATION_PATH_POINTS_MAX,
  ELEMENT_ANIMATIONS_MAX,
} from '@/types/limits.gen';
import {
  BindingField,
  FieldRow,
  FieldSection,
  NumberField,
  SelectField,
  SwitchField,
  TextField,
} from '../../elements/form';
import type { DataSourceOption } from '../../elements/types';
import {
  ANIMATION_DEFAULTS,
  newAnimation,
  type AnimationKind,
  type DesignAnimation,
  type FillDirection,
} from '../../model/animation';
import { expressionProblem } from '../../model/expression';
import './animation-section.css';

const KINDS: readonly AnimationKind[] = ['spin', 'rotate', 'move', 'scale', 'fill', 'visible', 'opacity'];
const DIRECTIONS: readonly FillDirection[] = ['up', 'down', 'left', 'right'];
const INPUT_NAMES = 'abcdefghijklmnopqrstuvwxyz'.split('');

/** A path as the field shows it: "x,y x,y …". */
export function pathText(points: readonly (readonly number[])[]): string {
  return points.map((p) => `${String(p[0] ?? 0)},${String(p[1] ?? 0)}`).join(' ');
}

/** The path a field's text says, or null when it is not 2 to ANIMATION_PATH_POINTS_MAX pairs of numbers. */
export function parsePath(text: string): number[][] | null {
  const pairs = text.trim().split(/\s+/);
  if (pairs.length < 2 || pairs.length > ANIMATION_PATH_POINTS_MAX) return null;
  const points = pairs.map((pair) => pair.split(',').map(Number));
  return points.every((p) => p.length === 2 && p.every(Number.isFinite)) ? points : null;
}

/** The next input name not yet used: a, b, c, … */
function freeName(inputs: Record<string, unknown>): string {
  return INPUT_NAMES.find((c) => !Object.hasOwn(inputs, c)) ?? `v${String(Object.keys(inputs).length)}`;
}

interface AnimationSectionProps {
  animations: readonly DesignAnimation[];
  dataSources: readonly DataSourceOption[];
  disabled: boolean;
  onChange: (animations: DesignAnimation[]) => void;
}

export function AnimationSection({ animations, dataSources, disabled, onChange }: AnimationSectionProps) {
  const { t } = useTranslation();
  const replace = (index: number, next: DesignAnimation) => {
    onChange(animations.map((a, i) => (i === index ? next : a)));
  };
  const firstSource = dataSources[0]?.id ?? null;
  return (
    <FieldSection title={t('designer.animation.title')}>
      {animations.length === 0 && <div className="designer-anim__empty">{t('designer.animation.empty')}</div>}
      {animations.map((animation, index) => (
        <AnimationCard
          // Animations have no id; the index is their identity while the list is edited in place.
          key={index}
          index={index}
          animation={animation}
          dataSources={dataSources}
          disabled={disabled}
          onChange={(next) => {
            replace(index, next);
          }}
          onRemove={() => {
            onChange(animations.filter((_, i) => i !== index));
          }}
        />
      ))}
      <Dropdown
        disabled={disabled || animations.length >= ELEMENT_ANIMATIONS_MAX}
        trigger={['click']}
        menu={{
          items: KINDS.map((kind) => ({ key: kind, label: t(`designer.animation.kind.${kind}`) })),
          onClick: ({ key }) => {
            onChange([...animations, newAnimation(key as AnimationKind, firstSource)]);
          },
        }}
      >
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={disabled || animations.length >= ELEMENT_ANIMATIONS_MAX}
          data-testid="animation-add"
        >
          {t('designer.animation.add')}
        </Button>
      </Dropdown>
    </FieldSection>
  );
}

interface AnimationCardProps {
  index: number;
  animation: DesignAnimation;
  dataSources: readonly DataSourceOption[];
  disabled: boolean;
  onChange: (next: DesignAnimation) => void;
  onRemove: () => void;
}

function AnimationCard({ index, animation, dataSources, disabled, onChange, onRemove }: AnimationCardProps) {
  const { t } = useTranslation();
  const set = (change: Partial<DesignAnimation>) => {
    onChange({ ...animation, ...change } as DesignAnimation);
  };
  const byExpression = animation.expression !== null;
  const problem = byExpression
    ? expressionProblem(animation.expression ?? '', Object.keys(animation.inputs))
    : null;
  const num = (
    field: string,
    value: number,
    rules: { min?: number; max?: number; step?: number; addonAfter?: string } = {},
  ) => (
    <NumberField
      label={t(`designer.animation.field.${field}`)}
      value={value}
      disabled={disabled}
      emptyValue={value}
      {...rules}
      onChange={(next) => {
        if (next !== null) set({ [field]: next });
      }}
    />
  );
  const range = 'min' in animation && (
    <div className="iot-prop-inline">
      {num('min', animation.min)}
      {num('max', animation.max)}
    </div>
  );

  return (
    <div className="designer-anim" data-testid={`animation-${String(index)}`}>
      <div className="designer-anim__head">
        <SelectField<AnimationKind>
          label={t('designer.animation.kindLabel', { index: index + 1 })}
          value={animation.type}
          disabled={disabled}
          options={KINDS.map((kind) => ({ value: kind, label: t(`designer.animation.kind.${kind}`) }))}
          onChange={(kind) => {
            if (kind === null || kind === animation.type) return;
            const { data_source_id, expression, inputs } = animation;
            onChange({ ...newAnimation(kind), data_source_id, expression, inputs });
          }}
        />
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          disabled={disabled}
          aria-label={t('designer.animation.remove', { index: index + 1 })}
          onClick={onRemove}
        />
      </div>
      <FieldRow label={t('designer.animation.source')}>
        <Segmented<'source' | 'expression'>
          size="small"
          block
          disabled={disabled}
          value={byExpression ? 'expression' : 'source'}
          options={[
            { value: 'source', label: t('designer.animation.bySource') },
            { value: 'expression', label: t('designer.animation.byExpression') },
          ]}
          onChange={(mode) => {
            if (mode === 'expression') {
              const inputs =
                Object.keys(animation.inputs).length > 0 || animation.data_source_id === null
                  ? animation.inputs
                  : { a: { data_source_id: animation.data_source_id } };
              set({ expression: Object.keys(inputs)[0] ?? '0', inputs, data_source_id: null });
            } else {
              const first = Object.values(animation.inputs)[0]?.data_source_id ?? null;
              set({ expression: null, inputs: {}, data_source_id: first });
            }
          }}
        />
      </FieldRow>
      {byExpression ? (
        <>
          {Object.entries(animation.inputs).map(([name, binding]) => (
            <div className="designer-anim__input" key={name}>
              <BindingField
                label={t('designer.animation.input', { name })}
                value={binding}
                dataSources={dataSources}
                onChange={(next) => {
                  const inputs = Object.fromEntries(
                    Object.entries(animation.inputs).flatMap(([key, b]) =>
                      key !== name ? [[key, b]] : next ? [[key, next]] : [],
                    ),
                  );
                  set({ inputs });
                }}
              />
            </div>
          ))}
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            disabled={
              disabled || Object.keys(animation.inputs).length >= ANIMATION_INPUTS_MAX || !dataSources[0]
            }
            onClick={() => {
              const first = dataSources[0];
              if (first)
                set({
                  inputs: { ...animation.inputs, [freeName(animation.inputs)]: { data_source_id: first.id } },
                });
            }}
          >
            {t('designer.animation.addInput')}
          </Button>
          <TextField
            label={t('designer.animation.expression')}
            value={animation.expression ?? ''}
            maxLength={ANIMATION_EXPRESSION_MAX}
            placeholder="a * 2 + b"
            invalid={problem !== null}
            extra={
              problem
                ? translateCode(String(problem.code), problem.params)
                : t('designer.animation.expressionHint')
            }
            onChange={(text) => {
              set({ expression: text });
            }}
          />
        </>
      ) : (
        <BindingField
          label={t('designer.animation.dataSource')}
          value={animation.data_source_id === null ? undefined : { data_source_id: animation.data_source_id }}
          dataSources={dataSources}
          onChange={(next) => {
            set({ data_source_id: next?.data_source_id ?? null });
          }}
        />
      )}
      {animation.type === 'spin' && num('speed', animation.speed, { min: 0.001, max: 1000, step: 0.1 })}
      {range}
      {animation.type === 'rotate' && (
        <div className="iot-prop-inline">
          {num('from_angle', animation.from_angle, { min: -3600, max: 3600, addonAfter: '°' })}
          {num('to_angle', animation.to_angle, { min: -3600, max: 3600, addonAfter: '°' })}
        </div>
      )}
      {animation.type === 'scale' && (
        <div className="iot-prop-inline">
          {num('from_scale', animation.from_scale, { min: 0, max: 10, step: 0.1 })}
          {num('to_scale', animation.to_scale, { min: 0, max: 10, step: 0.1 })}
        </div>
      )}
      {animation.type === 'opacity' && (
        <div className="iot-prop-inline">
          {num('from_opacity', animation.from_opacity, { min: 0, max: 1, step: 0.1 })}
          {num('to_opacity', animation.to_opacity, { min: 0, max: 1, step: 0.1 })}
        </div>
      )}
      {animation.type === 'move' && (
        <PathField
          points={animation.points}
          onChange={(points) => {
            set({ points });
          }}
        />
      )}
      {animation.type === 'fill' && (
        <SelectField<FillDirection>
          label={t('designer.animation.field.direction')}
          value={animation.direction}
          disabled={disabled}
          options={DIRECTIONS.map((d) => ({ value: d, label: t(`designer.animation.direction.${d}`) }))}
          onChange={(direction) => {
            if (direction) set({ direction });
          }}
        />
      )}
      {animation.type === 'visible' && (
        <SwitchField
          label={t('designer.animation.field.invert')}
          value={animation.invert}
          disabled={disabled}
          onChange={(invert) => {
            set({ invert });
          }}
        />
      )}
      <div className="designer-anim__hint">{t(`designer.animation.hint.${animation.type}`)}</div>
    </div>
  );
}

function PathField({ points, onChange }: { points: number[][]; onChange: (points: number[][]) => void }) {
  const { t } = useTranslation();
  const [bad, setBad] = useState(false);
  return (
    <TextField
      label={t('designer.animation.field.points')}
      value={pathText(points)}
      placeholder={pathText(ANIMATION_DEFAULTS.move.points)}
      invalid={bad}
      extra={t(bad ? 'designer.animation.pathInvalid' : 'designer.animation.pathHint', {
        max: ANIMATION_PATH_POINTS_MAX,
      })}
      onChange={(next) => {
        const parsed = parsePath(next);
        setBad(parsed === null);
        if (parsed) onChange(parsed);
      }}
    />
  );
}
