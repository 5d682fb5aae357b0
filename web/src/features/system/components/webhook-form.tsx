// An outgoing webhook, new or edited (the tenant's administrator; docs/api-system.md "Outgoing webhooks"): its name,
// the URL it posts to, the events it hears (grouped: the device's state, its alarms, what was done to it), which
// devices (every device of the tenant, or those chosen and those of the groups chosen) and whether it is on. The
// secret is the server's to make: a new subscription's is shown once after saving (the page's secret dialog). The
// server's refusals sit on their fields.
import { Alert, Button, Checkbox, Drawer, Form, Input, Radio, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { DevicePicker } from '@/components/pickers/device-picker';
import type { PickerDevice } from '@/components/pickers/picker-api';
import { useIsPhone } from '@/components/use-phone';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { NOTIFY_URL_MAX, WEBHOOK_DEVICES_MAX, WEBHOOK_NAME_MAX } from '@/types/limits.gen';
import {
  useCreateWebhook,
  useUpdateWebhook,
  type WebhookEvent,
  type WebhookIn,
  type WebhookOut,
} from '../api/webhooks';
import { EVENT_GROUPS, eventName, WEBHOOK_EVENT_LIST } from '../lib/webhooks';

type Scope = 'all' | 'chosen';

interface Values {
  name: string;
  url: string;
  events: WebhookEvent[];
  scope: Scope;
  device_ids: number[];
  device_group_ids: number[];
  enabled: boolean;
}

const FIELDS = ['name', 'url', 'events', 'device_ids', 'device_group_ids'] as const;

function initialValues(hook: WebhookOut | null): Values {
  const chosen = (hook?.devices.length ?? 0) + (hook?.device_groups.length ?? 0) > 0;
  return {
    name: hook?.name ?? '',
    url: hook?.url ?? '',
    // A new subscription hears every event until some are taken off.
    events: hook?.events ?? [...WEBHOOK_EVENT_LIST],
    scope: chosen ? 'chosen' : 'all',
    device_ids: hook?.devices.map((d) => d.id) ?? [],
    device_group_ids: hook?.device_groups.map((g) => g.id) ?? [],
    enabled: hook?.enabled ?? true,
  };
}

/** What the form sends: the events in their list's order, the devices and groups only when chosen. */
export function webhookBody(values: Values): WebhookIn {
  const chosen = values.scope === 'chosen';
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    events: WEBHOOK_EVENT_LIST.filter((e) => values.events.includes(e)),
    device_ids: chosen ? values.device_ids : [],
    device_group_ids: chosen ? values.device_group_ids : [],
    enabled: values.enabled,
  };
}

export interface WebhookFormProps {
  open: boolean;
  /** The subscription edited; null for a new one. */
  hook: WebhookOut | null;
  onClose: () => void;
  /** A new subscription was made: its secret, to be shown once. */
  onCreated: (created: { name: string; secret: string }) => void;
}

export const WebhookForm = perOpening(function WebhookForm({
  open,
  hook,
  onClose,
  onCreated,
}: WebhookFormProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const initial = useMemo(() => initialValues(hook), [hook]);
  const known: PickerDevice[] = useMemo(
    () => (hook?.devices ?? []).map((d) => ({ id: d.id, sn_code: d.sn_code, alias: d.alias || null })),
    [hook],
  );
  const scope = (Form.useWatch('scope', form) as Scope | undefined) ?? initial.scope;
  const saving = create.isPending || update.isPending;

  const onFinish = async (values: Values) => {
    const body = webhookBody(values);
    try {
      if (hook) {
        await update.mutateAsync({ id: hook.id, body });
        toast.success(t('system.webhooks.form.saved'));
      } else {
        const made = await create.mutateAsync(body);
        onCreated({ name: made.name, secret: made.secret });
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS));
    }
  };

  const most = {
    type: 'array' as const,
    max: WEBHOOK_DEVICES_MAX,
    message: t('system.webhooks.form.devicesMax', { max: WEBHOOK_DEVICES_MAX }),
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={phone ? '100%' : 560}
      title={hook ? t('system.webhooks.form.editTitle') : t('system.webhooks.form.createTitle')}
      className="webhook-form-drawer"
      footer={
        <Space className="webhook-form__footer">
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {hook ? t('common.action.save') : t('system.webhooks.form.create')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        name="webhook"
        layout="vertical"
        preserve={false}
        requiredMark
        initialValues={initial}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={(changed: Partial<Values>) => {
          setError(null);
          if ('device_ids' in changed || 'device_group_ids' in changed) {
            // Choosing a device or a group answers the "at least one" check of either.
            form.setFields([
              { name: 'device_ids', errors: [] },
              { name: 'device_group_ids', errors: [] },
            ]);
          }
        }}
        className="webhook-form"
      >
        <Form.Item
          name="name"
          label={t('system.webhooks.form.name')}
          rules={[
            { required: true, whitespace: true, message: t('system.webhooks.form.nameRequired') },
            { max: WEBHOOK_NAME_MAX, message: t('system.webhooks.form.nameMax', { max: WEBHOOK_NAME_MAX }) },
          ]}
        >
          <Input autoComplete="off" maxLength={WEBHOOK_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('system.webhooks.form.url')}
          extra={t('system.webhooks.form.urlHint')}
          rules={[
            { required: true, whitespace: true, message: t('system.webhooks.form.urlRequired') },
            { max: NOTIFY_URL_MAX, message: t('system.webhooks.form.urlMax', { max: NOTIFY_URL_MAX }) },
            { pattern: /^\s*https?:\/\/[^\s/?#@]+\S*\s*$/i, message: t('system.webhooks.form.urlInvalid') },
          ]}
        >
          <Input autoComplete="off" inputMode="url" placeholder="https://example.com/iotyun/hook" />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('system.webhooks.form.events')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('system.webhooks.form.eventsRequired') },
          ]}
        >
          <Checkbox.Group<WebhookEvent> className="webhook-form__events">
            {EVENT_GROUPS.map((group) => (
              <fieldset key={group.key} className="webhook-form__event-group">
                <legend className="webhook-form__event-legend">
                  {t(`system.webhooks.eventGroup.${group.key}`)}
                </legend>
                {group.events.map((event) => (
                  <Checkbox key={event} value={event}>
                    <span className="webhook-form__event-name">{eventName(t, event)}</span>
                    <Typography.Text type="secondary" className="webhook-form__event-code">
                      {event}
                    </Typography.Text>
                  </Checkbox>
                ))}
              </fieldset>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="scope" label={t('system.webhooks.form.scope')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('system.webhooks.form.scopeAll') },
              { value: 'chosen', label: t('system.webhooks.form.scopeChosen') },
            ]}
          />
        </Form.Item>
        {scope === 'chosen' && (
          <div className="webhook-form__scope">
            <Form.Item
              name="device_ids"
              label={t('system.webhooks.form.devices')}
              rules={[
                most,
                ({ getFieldValue }) => ({
                  validator: (_, ids: number[] | undefined) =>
                    (ids?.length ?? 0) +
                      ((getFieldValue('device_group_ids') as number[] | undefined)?.length ?? 0) >
                    0
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('system.webhooks.form.scopeRequired'))),
                }),
              ]}
            >
              <DevicePicker<number[]> mode="multiple" maxTagCount="responsive" known={known} allowClear />
            </Form.Item>
            <Form.Item name="device_group_ids" label={t('system.webhooks.form.groups')} rules={[most]}>
              <DeviceGroupPicker<number[]> mode="multiple" maxTagCount="responsive" allowClear />
            </Form.Item>
          </div>
        )}
        <Form.Item name="enabled" label={t('system.webhooks.form.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {!hook && <Alert type="info" showIcon title={t('system.webhooks.form.secretHint')} />}
        {error && <Alert type="error" showIcon title={error} className="webhook-form__error" />}
      </Form>
    </Drawer>
  );
});
