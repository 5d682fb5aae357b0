// The button's navigation actions (jump to a screen, open a pop-up, open a URL), run in order on a press, on the
// property panel's fields. A write_value action made elsewhere is kept as it is and listed by its kind.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { ELEMENT_ACTIONS_MAX, SCREEN_URL_MAX } from '@/types/limits.gen';
import type { ElementAction } from '../../model/types';
import { FieldSection, NumberField, SelectField, SwitchField, TextField } from '../form';
import type { ScreenOption } from '../types';

export const NAVIGATION_ACTIONS = ['jump_screen', 'open_popup', 'open_url'] as const;
type NavigationType = (typeof NAVIGATION_ACTIONS)[number];

/** The document's rule for a URL action (templates/screens/document.py `WebUrl`). */
const WEB_URL = /^https?:\/\/\S+$/;

/** A new action of a kind; a screen action starts at the first screen offered. */
export function newAction(type: NavigationType, firstScreen = 1): ElementAction {
  return type === 'open_url' ? { type, url: 'https://', new_tab: true } : { type, screen_id: firstScreen };
}

interface ActionsFieldProps {
  actions: readonly ElementAction[];
  /** The template's screens; without them a screen is asked by id. */
  screens: readonly ScreenOption[] | undefined;
  onChange: (actions: ElementAction[]) => void;
}

export function ActionsField({ actions, screens, onChange }: ActionsFieldProps) {
  const { t } = useTranslation();
  const replace = (index: number, action: ElementAction) => {
    onChange(actions.map((a, i) => (i === index ? action : a)));
  };
  const typeLabel = (type: ElementAction['type']) =>
    type === 'jump_screen' || type === 'open_popup'
      ? t(`designer.form.actions.${type}`)
      : t(`designer.controls.actions.types.${type}`);
  return (
    <FieldSection title={t('designer.controls.actions.label')}>
      {actions.map((action, index) => (
        // Actions have no id; their place in the list is what onAction names.
        <div key={index} className="designer-actions__row" data-testid="button-action">
          {action.type === 'write_value' ? (
            <Typography.Text>{typeLabel(action.type)}</Typography.Text>
          ) : (
            <SelectField<NavigationType>
              label={t('designer.form.actionType')}
              value={action.type}
              options={NAVIGATION_ACTIONS.map((type) => ({ value: type, label: typeLabel(type) }))}
              onChange={(type) => {
                replace(index, newAction(type ?? 'jump_screen', screens?.[0]?.id));
              }}
            />
          )}
          {action.type === 'open_url' && (
            <>
              <TextField
                label={t('designer.form.url')}
                value={action.url}
                maxLength={SCREEN_URL_MAX}
                invalid={!WEB_URL.test(action.url)}
                {...(WEB_URL.test(action.url) ? {} : { extra: t('designer.form.urlInvalid') })}
                onChange={(url) => {
                  replace(index, { ...action, url });
                }}
              />
              <SwitchField
                label={t('designer.controls.actions.newTab')}
                value={action.new_tab}
                onChange={(newTab) => {
                  replace(index, { ...action, new_tab: newTab });
                }}
              />
            </>
          )}
          {(action.type === 'jump_screen' || action.type === 'open_popup') &&
            (screens ? (
              <SelectField<number>
                label={t('designer.form.screen')}
                value={action.screen_id}
                options={screens.map((screen) => ({ value: screen.id, label: screen.name }))}
                onChange={(id) => {
                  if (id !== null) replace(index, { ...action, screen_id: id });
                }}
              />
            ) : (
              <NumberField
                label={t('designer.form.screenId')}
                value={action.screen_id}
                min={1}
                precision={0}
                onChange={(id) => {
                  if (id !== null) replace(index, { ...action, screen_id: id });
                }}
              />
            ))}
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            onClick={() => {
              onChange(actions.filter((_a, i) => i !== index));
            }}
          >
            {t('designer.controls.actions.remove')}
          </Button>
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={actions.length >= ELEMENT_ACTIONS_MAX}
        onClick={() => {
          onChange([...actions, newAction('jump_screen', screens?.[0]?.id)]);
        }}
      >
        {t('designer.controls.actions.add')}
      </Button>
    </FieldSection>
  );
}
