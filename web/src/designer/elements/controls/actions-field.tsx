// The button's list of navigation actions (jump to a screen, open a pop-up, open a URL), run in order on a press.
// A write_value action made elsewhere is kept as it is and listed by its kind.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { ELEMENT_ACTIONS_MAX } from '@/types/limits.gen';
import type { ElementAction } from '../../model/types';
import { FieldSection } from '../form';

export const NAVIGATION_ACTIONS = ['jump_screen', 'open_popup', 'open_url'] as const;
type NavigationType = (typeof NAVIGATION_ACTIONS)[number];

/** A new action of a kind, with what it needs filled in where there is a sensible start. */
export function newAction(type: NavigationType): ElementAction {
  return type === 'open_url' ? { type, url: 'https://', new_tab: true } : { type, screen_id: 1 };
}

interface ActionsFieldProps {
  actions: readonly ElementAction[];
  onChange: (actions: ElementAction[]) => void;
}

export function ActionsField({ actions, onChange }: ActionsFieldProps) {
  const { t } = useTranslation();
  const replace = (index: number, action: ElementAction) => {
    onChange(actions.map((a, i) => (i === index ? action : a)));
  };
  return (
    <FieldSection title={t('designer.controls.actions.label')}>
      <Space orientation="vertical" className="designer-actions">
        {actions.map((action, index) => (
          // Actions have no id; their place in the list is what onAction names.
          <Space key={index} wrap className="designer-actions__row" data-testid="button-action">
            {action.type === 'write_value' ? (
              <Typography.Text>{t('designer.controls.actions.types.write_value')}</Typography.Text>
            ) : (
              <Select<NavigationType>
                aria-label={t('designer.controls.actions.type')}
                value={action.type}
                popupMatchSelectWidth={false}
                options={NAVIGATION_ACTIONS.map((type) => ({
                  value: type,
                  label: t(`designer.controls.actions.types.${type}`),
                }))}
                onChange={(type) => {
                  replace(index, newAction(type));
                }}
              />
            )}
            {action.type === 'open_url' && (
              <>
                <Input
                  aria-label={t('designer.controls.actions.url')}
                  value={action.url}
                  onChange={(e) => {
                    replace(index, { ...action, url: e.target.value });
                  }}
                />
                <Checkbox
                  checked={action.new_tab}
                  onChange={(e) => {
                    replace(index, { ...action, new_tab: e.target.checked });
                  }}
                >
                  {t('designer.controls.actions.newTab')}
                </Checkbox>
              </>
            )}
            {(action.type === 'jump_screen' || action.type === 'open_popup') && (
              <InputNumber<number>
                aria-label={t('designer.controls.actions.screen')}
                min={1}
                precision={0}
                value={action.screen_id}
                onChange={(screen) => {
                  if (screen !== null) replace(index, { ...action, screen_id: screen });
                }}
              />
            )}
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('designer.controls.actions.remove')}
              onClick={() => {
                onChange(actions.filter((_a, i) => i !== index));
              }}
            />
          </Space>
        ))}
        <Button
          icon={<PlusOutlined />}
          disabled={actions.length >= ELEMENT_ACTIONS_MAX}
          onClick={() => {
            onChange([...actions, newAction('jump_screen')]);
          }}
        >
          {t('designer.controls.actions.add')}
        </Button>
      </Space>
    </FieldSection>
  );
}
