// A forward target, new or edited (docs/api-automations.md "Target"): its name and kind, then the kind's settings
// (HTTP: URL and headers; MQTT: host, port, TLS, user, topic, QoS; MySQL / PostgreSQL: host, port, database, user,
// table and its columns; the product's own table: nothing). The secret (a bearer token or a password) is write-only:
// an edited target that has one shows "set", and an empty box keeps it. Refusals land on their fields (`config.url`).
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { useIsPhone } from '@/components/use-phone';
import { applyNestedServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  ROW_FIELDS,
  useCreateTarget,
  useUpdateTarget,
  type Target,
  type TargetConfig,
  type TargetIn,
  type TargetKind,
} from '../api';
import { LIMITS } from '../lib/rules';
import { PairsInput } from './pairs-input';

export const TARGET_KINDS: readonly TargetKind[] = ['http', 'mqtt', 'mysql', 'postgresql', 'table'];

const DEFAULT_PORTS: Partial<Record<TargetKind, number>> = { mqtt: 1883, mysql: 3306, postgresql: 5432 };

interface Values {
  name: string;
  kind: TargetKind;
  config: Record<string, unknown>;
  secret: string;
}

/** A kind's settings with every field its form shows. */
export function defaultConfig(kind: TargetKind): Record<string, unknown> {
  switch (kind) {
    case 'http':
      return { url: '', headers: {} };
    case 'mqtt':
      return { host: '', port: DEFAULT_PORTS.mqtt, tls: false, username: '', topic: '', qos: 1 };
    case 'mysql':
    case 'postgresql':
      return { host: '', port: DEFAULT_PORTS[kind], database: '', username: '', table: '', columns: {} };
    case 'table':
      return {};
  }
}

/** What the form sends: the kind's settings only; the secret null (kept) when the box is left empty. */
export function targetBody(values: Values): TargetIn {
  const keys = Object.keys(defaultConfig(values.kind));
  const config: Record<string, unknown> = {};
  for (const key of keys) {
    const v = values.config[key];
    config[key] = typeof v === 'string' ? v.trim() : v;
  }
  return {
    name: values.name.trim(),
    kind: values.kind,
    config: config as TargetConfig,
    secret: values.secret ? values.secret : null,
  };
}

export interface TargetFormProps {
  open: boolean;
  target: Target | null;
  onClose: () => void;
}

export const TargetForm = perOpening(function TargetForm({ open, target, onClose }: TargetFormProps) {
  const { t } = useTranslation();
  const f = (key: string, options?: Record<string, unknown>) =>
    t(`configure.automation.target.${key}`, options);
  const phone = useIsPhone();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTarget();
  const update = useUpdateTarget();
  const initial = useMemo<Values>(
    () => ({
      name: target?.name ?? '',
      kind: target?.kind ?? 'http',
      config: { ...defaultConfig(target?.kind ?? 'http'), ...(target?.config ?? {}) },
      secret: '',
    }),
    [target],
  );
  const kind = (Form.useWatch('kind', form) as TargetKind | undefined) ?? initial.kind;
  const saving = create.isPending || update.isPending;
  const hasSecret = Boolean(target?.has_secret) && kind === target?.kind;

  const onFinish = async (values: Values) => {
    const body = targetBody(values);
    try {
      if (target) await update.mutateAsync({ id: target.id, body });
      else await create.mutateAsync(body);
      toast.success(f(target ? 'saved' : 'created', { name: body.name }));
      onClose();
    } catch (e) {
      setError(applyNestedServerError(form, e).text);
    }
  };

  const required = (key: string) => [{ required: true, whitespace: true, message: f(`${key}Required`) }];
  const c = (key: string) => ['config', key];
  const server = (
    <>
      <div className="automation-form__row">
        <Form.Item name={c('host')} label={f('host')} rules={required('host')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name={c('port')}
          label={f('port')}
          rules={[{ required: true, type: 'number', min: 1, max: 65535, message: f('portRange') }]}
        >
          <InputNumber min={1} max={65535} precision={0} className="automation-form__number" />
        </Form.Item>
      </div>
      <Form.Item name={c('username')} label={f('username')}>
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={phone ? '100%' : 560}
      title={target ? f('editTitle', { name: target.name }) : f('createTitle')}
      footer={
        <Space className="automation-form__footer">
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {target ? t('common.action.save') : f('create')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        name="automation-target"
        layout="vertical"
        preserve={false}
        requiredMark
        initialValues={initial}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={(changed: Partial<Values>) => {
          setError(null);
          if (changed.kind) form.setFieldValue('config', defaultConfig(changed.kind));
        }}
        className="automation-form"
      >
        <Form.Item
          name="name"
          label={f('name')}
          rules={[
            { required: true, whitespace: true, message: f('nameRequired') },
            { max: LIMITS.nameMax, message: t('configure.automation.form.nameMax', { max: LIMITS.nameMax }) },
          ]}
        >
          <Input autoComplete="off" maxLength={LIMITS.nameMax} showCount />
        </Form.Item>
        <Form.Item name="kind" label={f('kind')} extra={f(`kindHint.${kind}`)}>
          <Select options={TARGET_KINDS.map((value) => ({ value, label: f(`kinds.${value}`) }))} />
        </Form.Item>
        {kind === 'http' && (
          <>
            <Form.Item
              name={c('url')}
              label={f('url')}
              rules={[...required('url'), { pattern: /^\s*https?:\/\/\S+\s*$/i, message: f('urlInvalid') }]}
            >
              <Input autoComplete="off" inputMode="url" placeholder="https://example.com/ingest" />
            </Form.Item>
            <Form.Item name={c('headers')} label={f('headers')}>
              <PairsInput
                keyLabel={f('headerName')}
                valueLabel={f('headerValue')}
                addLabel={f('addHeader')}
              />
            </Form.Item>
          </>
        )}
        {kind === 'mqtt' && (
          <>
            {server}
            <div className="automation-form__row">
              <Form.Item
                name={c('topic')}
                label={f('topic')}
                extra={f('topicHint')}
                rules={[...required('topic'), { pattern: /^[^#+]*$/, message: f('topicWildcard') }]}
              >
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name={c('qos')} label={f('qos')}>
                <Select options={[0, 1, 2].map((value) => ({ value, label: String(value) }))} />
              </Form.Item>
              <Form.Item name={c('tls')} label={f('tls')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </div>
          </>
        )}
        {(kind === 'mysql' || kind === 'postgresql') && (
          <>
            {server}
            <div className="automation-form__row">
              <Form.Item name={c('database')} label={f('database')} rules={required('database')}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name={c('table')} label={f('table')} rules={required('table')}>
                <Input autoComplete="off" />
              </Form.Item>
            </div>
            <Form.Item
              name={c('columns')}
              label={f('columns')}
              extra={f('columnsHint')}
              rules={[
                {
                  validator: (_, v: Record<string, string> | undefined) =>
                    Object.keys(v ?? {}).length > 0
                      ? Promise.resolve()
                      : Promise.reject(new Error(f('columnsRequired'))),
                },
              ]}
            >
              <PairsInput
                keyLabel={f('column')}
                valueLabel={f('field')}
                choices={ROW_FIELDS}
                addLabel={f('addColumn')}
              />
            </Form.Item>
          </>
        )}
        {kind !== 'table' && (
          <Form.Item
            name="secret"
            label={f(kind === 'http' ? 'token' : 'password')}
            extra={hasSecret ? f('secretKept') : f('secretHint')}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={hasSecret ? f('secretSet') : undefined}
            />
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon title={error} className="automation-form__error" />}
      </Form>
    </Drawer>
  );
});
