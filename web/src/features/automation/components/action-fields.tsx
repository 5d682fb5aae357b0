// One action of the rule form (docs/api-automations.md "Actions"): its kind, the kind's fields (a write's writable
// data source and value; a notification's recipients, channels and text with its placeholders; a webhook
// subscription; a custom alarm raised or recovered; a forward target and its data sources), and, folded away, when
// and how often it runs. Names under `actions.N`, as the server names them.
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Collapse, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { DataSourcePicker } from '@/components/pickers/data-source-picker';
import { listRoles } from '@/lib/team/list-roles';
import { listUserGroups } from '@/lib/team/list-user-groups';
import { listUsers } from '@/lib/team/list-users';
import type { GroupNode } from '@/lib/team/types';
import type { TemplateSourceOption } from '@/lib/templates/lookups';
import { PAGE_SIZE_MAX } from '@/types/limits.gen';
import { automationKeys, useTargets, useWebhookOptions, type ActionKind } from '../api';
import { ACTION_KINDS, CHANNELS, LIMITS, newAction, PLACEHOLDERS } from '../lib/rules';

function flattenGroups(nodes: readonly GroupNode[], depth = 0): { value: number; label: string }[] {
  return nodes.flatMap((n) => [
    { value: n.id, label: `${'· '.repeat(depth)}${n.name}` },
    ...flattenGroups(n.children, depth + 1),
  ]);
}

/** The tenant's users, roles and user groups a notification may go to (no toasts: an empty list if refused). */
function useRecipientOptions(enabled: boolean) {
  const users = useQuery({
    queryKey: [...automationKeys.all, 'recipients', 'users'],
    queryFn: () =>
      listUsers({ page: 1, page_size: PAGE_SIZE_MAX, sort: 'user_name' }, true).then((p) =>
        p.items.map((u) => ({
          value: u.id,
          label: u.nick_name ? `${u.nick_name} (${u.user_name})` : u.user_name,
        })),
      ),
    staleTime: 60_000,
    enabled,
  });
  const roles = useQuery({
    queryKey: [...automationKeys.all, 'recipients', 'roles'],
    queryFn: () =>
      listRoles({ page: 1, page_size: PAGE_SIZE_MAX }, true).then((p) =>
        p.items.map((r) => ({ value: r.id, label: r.name })),
      ),
    staleTime: 60_000,
    enabled,
  });
  const groups = useQuery({
    queryKey: [...automationKeys.all, 'recipients', 'groups'],
    queryFn: () => listUserGroups(true).then((tree) => flattenGroups(tree)),
    staleTime: 60_000,
    enabled,
  });
  return { users: users.data ?? [], roles: roles.data ?? [], groups: groups.data ?? [] };
}

export interface ActionFieldsProps {
  /** The action's index in `actions`. */
  index: number;
  sources: readonly TemplateSourceOption[];
  canRemove: boolean;
  onRemove: () => void;
  /** Whether the "when and how often" part is open (a server error there opens it). */
  timingOpen: boolean;
  onTimingOpen: (open: boolean) => void;
}

export function ActionFields({
  index,
  sources,
  canRemove,
  onRemove,
  timingOpen,
  onTimingOpen,
}: ActionFieldsProps) {
  const { t } = useTranslation();
  const f = (key: string) => t(`configure.automation.form.${key}`);
  const form = Form.useFormInstance();
  // Form.Item names are relative to the actions' Form.List; watches, look-ups and dependencies are the form's own.
  const at = (key: string) => ['actions', index, key];
  const item = (key: string) => [index, key];
  const kind = Form.useWatch(at('kind'), form) as ActionKind | undefined;
  const repeat = Form.useWatch(at('repeat'), form) as number | null | undefined;
  const recipients = useRecipientOptions(kind === 'notify');
  const hooks = useWebhookOptions(kind === 'webhook');
  const targets = useTargets();
  const writable = sources.filter((s) => s.writable);
  const title = t('configure.automation.form.actionN', { n: index + 1 });

  return (
    <Card
      size="small"
      className="automation-form__action"
      title={title}
      extra={
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          disabled={!canRemove}
          aria-label={t('configure.automation.form.removeAction', { n: index + 1 })}
          onClick={onRemove}
        />
      }
    >
      <Form.Item name={item('kind')} label={f('actionKind')} rules={[{ required: true }]}>
        <Select
          aria-label={t('configure.automation.form.actionKindN', { n: index + 1 })}
          options={ACTION_KINDS.map((value) => ({ value, label: t(`configure.automation.action.${value}`) }))}
          onChange={(next: ActionKind) => {
            // Another kind starts from its own empty fields (the timing kept).
            const was = (form.getFieldValue(['actions', index]) ?? {}) as Record<string, unknown>;
            form.setFieldValue(['actions', index], {
              ...newAction(next),
              delay_s: was.delay_s,
              repeat: was.repeat,
              every_s: was.every_s,
            });
          }}
        />
      </Form.Item>
      {kind === 'write' && (
        <div className="automation-form__row">
          <Form.Item
            name={item('source_id')}
            label={f('writeSource')}
            extra={f('writeSourceHint')}
            rules={[{ required: true, message: f('sourceRequired') }]}
          >
            <DataSourcePicker<number> sources={writable} placeholder={f('sourcePlaceholder')} />
          </Form.Item>
          <Form.Item
            name={item('value')}
            label={f('value')}
            rules={[{ required: true, message: f('valueRequired') }]}
          >
            <InputNumber className="automation-form__number" />
          </Form.Item>
        </div>
      )}
      {kind === 'notify' && (
        <>
          <Form.Item
            name={item('user_ids')}
            label={f('users')}
            rules={[
              ({ getFieldValue }) => ({
                validator: () => {
                  const v = (key: string) => (getFieldValue(at(key)) as number[] | undefined)?.length ?? 0;
                  return v('user_ids') + v('role_ids') + v('group_ids') > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(f('recipientsRequired')));
                },
              }),
            ]}
          >
            <Select
              mode="multiple"
              allowClear
              options={recipients.users}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <div className="automation-form__row">
            <Form.Item name={item('role_ids')} label={f('roles')}>
              <Select
                mode="multiple"
                allowClear
                options={recipients.roles}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
            <Form.Item name={item('group_ids')} label={f('groups')}>
              <Select
                mode="multiple"
                allowClear
                options={recipients.groups}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </div>
          <Form.Item
            name={item('channels')}
            label={f('channels')}
            rules={[{ required: true, type: 'array', min: 1, message: f('channelsRequired') }]}
          >
            <Checkbox.Group
              options={CHANNELS.map((value) => ({
                value,
                label: t(`configure.automation.channel.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name={item('text')}
            label={f('text')}
            extra={t('configure.automation.form.textHint', { placeholders: PLACEHOLDERS.join(' ') })}
            rules={[
              { required: true, whitespace: true, message: f('textRequired') },
              {
                max: LIMITS.textMax,
                message: t('configure.automation.form.textMax', { max: LIMITS.textMax }),
              },
            ]}
          >
            <Input.TextArea
              rows={2}
              maxLength={LIMITS.textMax}
              showCount
              placeholder={t('configure.automation.form.textPlaceholder')}
            />
          </Form.Item>
        </>
      )}
      {kind === 'webhook' && (
        <Form.Item
          name={item('subscription_id')}
          label={f('subscription')}
          extra={f('subscriptionHint')}
          rules={[{ required: true, message: f('subscriptionRequired') }]}
        >
          <Select
            loading={hooks.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(hooks.data ?? []).map((h) => ({
              value: h.id,
              label: h.enabled ? h.name : t('configure.automation.form.subscriptionOff', { name: h.name }),
            }))}
          />
        </Form.Item>
      )}
      {kind === 'alarm' && (
        <>
          <Form.Item name={item('mode')} label={f('alarmMode')}>
            <Radio.Group
              options={(['raise', 'recover'] as const).map((value) => ({
                value,
                label: t(`configure.automation.alarmMode.${value}`),
              }))}
            />
          </Form.Item>
          <div className="automation-form__row">
            <Form.Item
              name={item('name')}
              label={f('alarmName')}
              rules={[
                { required: true, whitespace: true, message: f('alarmNameRequired') },
                {
                  max: LIMITS.alarmNameMax,
                  message: t('configure.automation.form.nameMax', { max: LIMITS.alarmNameMax }),
                },
              ]}
            >
              <Input autoComplete="off" maxLength={LIMITS.alarmNameMax} />
            </Form.Item>
            <Form.Item name={item('level')} label={f('alarmLevel')} rules={[{ required: true }]}>
              <Select
                options={[1, 2, 3, 4, 5].map((value) => ({
                  value,
                  label: t('configure.automation.form.levelN', { n: value }),
                }))}
              />
            </Form.Item>
          </div>
          <Form.Item
            name={item('info')}
            label={f('alarmInfo')}
            rules={[
              {
                max: LIMITS.alarmInfoMax,
                message: t('configure.automation.form.textMax', { max: LIMITS.alarmInfoMax }),
              },
            ]}
          >
            <Input.TextArea rows={2} maxLength={LIMITS.alarmInfoMax} showCount />
          </Form.Item>
        </>
      )}
      {kind === 'forward' && (
        <>
          <Form.Item
            name={item('target_id')}
            label={f('target')}
            rules={[{ required: true, message: f('targetRequired') }]}
          >
            <Select
              loading={targets.isPending}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={f('noTarget')}
              options={(targets.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
          </Form.Item>
          <Form.Item name={item('source_ids')} label={f('forwardSources')} extra={f('forwardSourcesHint')}>
            <DataSourcePicker<number[]> mode="multiple" sources={sources} maxTagCount="responsive" />
          </Form.Item>
        </>
      )}
      <Collapse
        ghost
        size="small"
        activeKey={timingOpen ? ['timing'] : []}
        onChange={(keys) => onTimingOpen(keys.includes('timing'))}
        items={[
          {
            key: 'timing',
            forceRender: true,
            label: <Typography.Text type="secondary">{f('advanced')}</Typography.Text>,
            children: (
              <div className="automation-form__row">
                <Form.Item
                  name={item('delay_s')}
                  label={f('delayS')}
                  rules={[{ type: 'number', min: 0, max: LIMITS.delayMax, message: f('delayRange') }]}
                >
                  <InputNumber
                    min={0}
                    max={LIMITS.delayMax}
                    precision={0}
                    className="automation-form__number"
                  />
                </Form.Item>
                <Form.Item
                  name={item('repeat')}
                  label={f('repeat')}
                  rules={[{ type: 'number', min: 0, max: LIMITS.repeatMax, message: f('repeatRange') }]}
                >
                  <InputNumber
                    min={0}
                    max={LIMITS.repeatMax}
                    precision={0}
                    className="automation-form__number"
                  />
                </Form.Item>
                <Form.Item
                  name={item('every_s')}
                  label={f('everyS')}
                  dependencies={[at('repeat')]}
                  rules={[
                    {
                      validator: (_, every: number | null | undefined) =>
                        (repeat ?? 0) === 0 ||
                        (every !== null &&
                          every !== undefined &&
                          every >= LIMITS.everyMin &&
                          every <= LIMITS.everyMax)
                          ? Promise.resolve()
                          : Promise.reject(new Error(f('everyRange'))),
                    },
                  ]}
                >
                  <InputNumber
                    min={0}
                    max={LIMITS.everyMax}
                    precision={0}
                    disabled={(repeat ?? 0) === 0}
                    className="automation-form__number"
                  />
                </Form.Item>
              </div>
            ),
          },
        ]}
      />
    </Card>
  );
}
