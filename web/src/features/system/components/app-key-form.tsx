// A new app key (docs/api-system.md "Open API"): its name, its scopes (what it may call, never beyond its owner's
// rights), when it expires (never, or a date), the addresses it may call from (none: any), its calls a minute and a
// day. The secret is the server's to make and shown once after saving (the page's secret dialog). The server's
// refusals sit on their fields.
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { useIsPhone } from '@/components/use-phone';
import { applyServerError } from '@/lib/form-errors';
import {
  APP_KEY_IPS_MAX,
  APP_KEY_NAME_MAX,
  APP_KEY_QUOTA_DEFAULT,
  APP_KEY_QUOTA_MAX,
  APP_KEY_RATE_DEFAULT,
  APP_KEY_RATE_MAX,
  APP_KEY_SCOPES,
} from '@/types/limits.gen';
import { useCreateAppKey, type AppKeyIn, type AppKeyScope } from '../api/app-keys';
import { scopeKey } from '../lib/app-keys';

interface Values {
  name: string;
  scopes: AppKeyScope[];
  expires: Dayjs | null;
  ips: string;
  rate_per_minute: number;
  daily_quota: number;
}

const FIELDS = ['name', 'scopes', 'expires', 'ips'] as const;
/** The server's field names of the expiry and the allow list, which the form holds in other shapes. */
const ALIASES = { expires_at: 'expires', allowed_ips: 'ips' } as const;

const INITIAL: Values = {
  name: '',
  scopes: ['devices:read'],
  expires: null,
  ips: '',
  rate_per_minute: APP_KEY_RATE_DEFAULT,
  daily_quota: APP_KEY_QUOTA_DEFAULT,
};

/** The allow list as typed: one address or CIDR range a line (commas and spaces separate too). */
export function ipList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What the form sends: the scopes in their list's order; an expiry at the end of the chosen day. */
export function appKeyBody(values: Values): AppKeyIn {
  return {
    name: values.name.trim(),
    scopes: (APP_KEY_SCOPES as readonly AppKeyScope[]).filter((s) => values.scopes.includes(s)),
    expires_at: values.expires ? values.expires.endOf('day').valueOf() : null,
    allowed_ips: ipList(values.ips),
    rate_per_minute: values.rate_per_minute,
    daily_quota: values.daily_quota,
  };
}

export interface AppKeyFormProps {
  open: boolean;
  onClose: () => void;
  /** The key was made: its id and secret, to be shown once. */
  onCreated: (created: { name: string; key_id: string; secret: string }) => void;
}

export const AppKeyForm = perOpening(function AppKeyForm({ open, onClose, onCreated }: AppKeyFormProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAppKey();
  const ipsField = (value: string) => ipList(value).length <= APP_KEY_IPS_MAX;

  const onFinish = async (values: Values) => {
    try {
      const made = await create.mutateAsync(appKeyBody(values));
      onCreated({ name: made.name, key_id: made.key_id, secret: made.secret });
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS, ALIASES));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={phone ? '100%' : 520}
      title={t('system.appKeys.form.title')}
      className="app-key-form-drawer"
      footer={
        <Space className="app-key-form__footer">
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('system.appKeys.form.create')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        name="app-key"
        layout="vertical"
        preserve={false}
        requiredMark
        initialValues={INITIAL}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={() => setError(null)}
        className="app-key-form"
      >
        <Form.Item
          name="name"
          label={t('system.appKeys.form.name')}
          rules={[
            { required: true, whitespace: true, message: t('system.appKeys.form.nameRequired') },
            { max: APP_KEY_NAME_MAX, message: t('system.appKeys.form.nameMax', { max: APP_KEY_NAME_MAX }) },
          ]}
        >
          <Input autoComplete="off" maxLength={APP_KEY_NAME_MAX} showCount placeholder="ERP" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('system.appKeys.form.scopes')}
          extra={t('system.appKeys.form.scopesHint')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('system.appKeys.form.scopesRequired') },
          ]}
        >
          <Checkbox.Group<AppKeyScope> className="app-key-form__scopes">
            {(APP_KEY_SCOPES as readonly AppKeyScope[]).map((scope) => (
              <Checkbox key={scope} value={scope}>
                <span className="app-key-form__scope-name">
                  {t(`system.appKeys.scope.${scopeKey(scope)}`)}
                </span>
                <Typography.Text type="secondary" className="app-key-form__scope-hint">
                  {t(`system.appKeys.scopeHint.${scopeKey(scope)}`)}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="expires"
          label={t('system.appKeys.form.expires')}
          extra={t('system.appKeys.form.expiresHint')}
        >
          <DatePicker
            className="app-key-form__date"
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            placeholder={t('system.appKeys.form.never')}
          />
        </Form.Item>
        <Form.Item
          name="ips"
          label={t('system.appKeys.form.ips')}
          extra={t('system.appKeys.form.ipsHint', { max: APP_KEY_IPS_MAX })}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                ipsField(value ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('system.appKeys.form.ipsMax', { max: APP_KEY_IPS_MAX }))),
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={'203.0.113.7\n10.8.0.0/16'} />
        </Form.Item>
        <Space wrap className="app-key-form__limits">
          <Form.Item
            name="rate_per_minute"
            label={t('system.appKeys.form.rate')}
            rules={[{ required: true, message: t('system.appKeys.form.rateRequired') }]}
          >
            <InputNumber
              min={1}
              max={APP_KEY_RATE_MAX}
              precision={0}
              suffix={t('system.appKeys.form.perMinute')}
            />
          </Form.Item>
          <Form.Item
            name="daily_quota"
            label={t('system.appKeys.form.quota')}
            rules={[{ required: true, message: t('system.appKeys.form.quotaRequired') }]}
          >
            <InputNumber
              min={1}
              max={APP_KEY_QUOTA_MAX}
              precision={0}
              suffix={t('system.appKeys.form.perDay')}
            />
          </Form.Item>
        </Space>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Drawer>
  );
});
