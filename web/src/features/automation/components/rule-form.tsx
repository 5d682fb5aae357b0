// A rule, new or edited (docs/api-automations.md "A rule"), in a drawer: its name and description, the template and
// the devices of it the rule watches (every device bound to it, a device group's, or one device), the trigger, the
// conditions (and / or, up to 10), the actions (1–10) and the rate cap. The fields carry the server's names, so a
// refusal naming `actions.2.source_id` or `trigger.hold_s` lands on that field (lib/form-errors
// applyNestedServerError); one on a folded action timing opens it. "Dry run" tries the rule as the form holds it.
import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { perOpening } from '@/components/per-opening';
import { DataSourcePicker } from '@/components/pickers/data-source-picker';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { deviceLabel } from '@/components/pickers/device-picker';
import { useIsPhone } from '@/components/use-phone';
import { applyNestedServerError } from '@/lib/form-errors';
import { useTemplateDevices, useTemplateOptions, useTemplateSourceOptions } from '@/lib/templates/lookups';
import { toast } from '@/lib/toast';
import { useCreateRule, useUpdateRule, type Rule, type RuleIn, type RuleScope } from '../api';
import { emptyRule, LIMITS, newAction, ruleValues, SCOPES, toRuleIn, type RuleValues } from '../lib/rules';
import { useOpOptions, TriggerFields } from './trigger-fields';
import { ActionFields } from './action-fields';

export interface RuleFormProps {
  open: boolean;
  /** The rule edited; null for a new one. */
  rule: Rule | null;
  onClose: () => void;
  /** Try the rule as the form holds it (the saved rule's id, or null for a new one). */
  onDryRun: (draft: { id: number | null; rule: RuleIn }) => void;
}

const TIMING = new Set(['delay_s', 'repeat', 'every_s']);

export const RuleForm = perOpening(function RuleForm({ open, rule, onClose, onDryRun }: RuleFormProps) {
  const { t } = useTranslation();
  const f = (key: string) => t(`configure.automation.form.${key}`);
  const phone = useIsPhone();
  const [form] = Form.useForm<RuleValues>();
  const [error, setError] = useState<string | null>(null);
  const [timingOpen, setTimingOpen] = useState<ReadonlySet<number>>(new Set());
  const initial = useMemo(() => (rule ? ruleValues(rule) : emptyRule()), [rule]);
  const create = useCreateRule();
  const update = useUpdateRule();
  const templateId = (Form.useWatch('template_id', form) as number | null | undefined) ?? initial.template_id;
  const scope = (Form.useWatch('scope', form) as RuleScope | undefined) ?? initial.scope;
  const templates = useTemplateOptions();
  const sources = useTemplateSourceOptions(templateId);
  const devices = useTemplateDevices(scope === 'device' ? templateId : null);
  const opOptions = useOpOptions();
  const sourceList = sources.data ?? [];
  const saving = create.isPending || update.isPending;

  const showServerError = (e: unknown) => {
    const { path, text } = applyNestedServerError(form, e);
    setError(text);
    if (path?.[0] === 'actions' && typeof path[1] === 'number' && TIMING.has(String(path[2])))
      setTimingOpen((was) => new Set(was).add(path[1] as number));
  };

  const onFinish = async (values: RuleValues) => {
    const body = toRuleIn(values);
    try {
      if (rule) await update.mutateAsync({ id: rule.id, body });
      else await create.mutateAsync(body);
      toast.success(
        t(rule ? 'configure.automation.form.saved' : 'configure.automation.form.created', {
          name: body.name,
        }),
      );
      onClose();
    } catch (e) {
      showServerError(e);
    }
  };

  const dryRun = async () => {
    try {
      const values = await form.validateFields();
      onDryRun({ id: rule?.id ?? null, rule: toRuleIn(values) });
    } catch {
      // The fields show what is wrong.
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={phone ? '100%' : 720}
      title={rule ? t('configure.automation.form.editTitle', { name: rule.name }) : f('createTitle')}
      className="automation-form-drawer"
      footer={
        <Space className="automation-form__footer" wrap>
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button onClick={() => void dryRun()}>{f('dryRun')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {rule ? t('common.action.save') : f('create')}
          </Button>
        </Space>
      }
    >
      <Form<RuleValues>
        form={form}
        name="automation-rule"
        layout="vertical"
        // Not preserve={false}: under StrictMode's second mount it would drop the lists' (conditions', actions')
        // values; the drawer is mounted anew for each opening (perOpening) and a kind's change resets its fields.
        requiredMark
        initialValues={initial}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={(changed: Partial<RuleValues>) => {
          setError(null);
          if ('template_id' in changed) {
            // Another template's data sources and devices: what named the old ones is cleared.
            form.setFieldsValue({
              scope_id: null,
              trigger: { ...form.getFieldValue('trigger'), source_id: null } as RuleValues['trigger'],
            });
          }
          if ('scope' in changed) form.setFieldValue('scope_id', null);
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
        <Form.Item name="description" label={f('description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>

        <Divider titlePlacement="start">{f('scopeSection')}</Divider>
        <Form.Item
          name="template_id"
          label={f('template')}
          rules={[{ required: true, message: f('templateRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={templates.isPending}
            placeholder={f('templatePlaceholder')}
            options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          />
        </Form.Item>
        <Form.Item name="scope" label={f('scope')}>
          <Radio.Group
            options={SCOPES.map((value) => ({ value, label: t(`configure.automation.scope.${value}`) }))}
          />
        </Form.Item>
        {scope === 'group' && (
          <Form.Item
            name="scope_id"
            label={f('group')}
            rules={[{ required: true, message: f('groupRequired') }]}
          >
            <DeviceGroupPicker />
          </Form.Item>
        )}
        {scope === 'device' && (
          <Form.Item
            name="scope_id"
            label={f('device')}
            extra={f('deviceHint')}
            rules={[{ required: true, message: f('deviceRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={devices.isFetching}
              disabled={!templateId}
              notFoundContent={f('noBoundDevice')}
              options={(devices.data ?? []).map((d) => ({ value: d.id, label: deviceLabel(d) }))}
            />
          </Form.Item>
        )}

        <Divider titlePlacement="start">{f('triggerSection')}</Divider>
        <TriggerFields sources={sourceList} />

        <Divider titlePlacement="start">{f('conditionsSection')}</Divider>
        <Form.Item name={['conditions', 'join']} label={f('join')}>
          <Radio.Group
            optionType="button"
            options={(['and', 'or'] as const).map((value) => ({
              value,
              label: t(`configure.automation.join.${value}`),
            }))}
          />
        </Form.Item>
        <Form.List name={['conditions', 'items']}>
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && (
                <Typography.Paragraph type="secondary">{f('noConditions')}</Typography.Paragraph>
              )}
              {fields.map((field) => (
                <div key={field.key} className="automation-form__row automation-form__condition">
                  <Form.Item
                    name={[field.name, 'source_id']}
                    label={t('configure.automation.form.conditionN', { n: field.name + 1 })}
                    rules={[{ required: true, message: f('sourceRequired') }]}
                  >
                    <DataSourcePicker<number> sources={sourceList} placeholder={f('sourcePlaceholder')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'op']} label={f('op')} rules={[{ required: true }]}>
                    <Select options={opOptions} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'value']}
                    label={f('value')}
                    rules={[{ required: true, message: f('valueRequired') }]}
                  >
                    <InputNumber className="automation-form__number" />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    className="automation-form__remove"
                    aria-label={t('configure.automation.form.removeCondition', { n: field.name + 1 })}
                    onClick={() => remove(field.name)}
                  >
                    {t('configure.automation.remove')}
                  </Button>
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= LIMITS.conditionsMax}
                onClick={() => add({ source_id: null, op: 'eq', value: null })}
              >
                {t('configure.automation.form.addCondition', { max: LIMITS.conditionsMax })}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{f('actionsSection')}</Divider>
        <Form.List name="actions">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" className="automation-form__actions">
              {fields.map((field) => (
                <ActionFields
                  key={field.key}
                  index={field.name}
                  sources={sourceList}
                  canRemove={fields.length > LIMITS.actionsMin}
                  onRemove={() => remove(field.name)}
                  timingOpen={timingOpen.has(field.name)}
                  onTimingOpen={(on) =>
                    setTimingOpen((was) => {
                      const next = new Set(was);
                      if (on) next.add(field.name);
                      else next.delete(field.name);
                      return next;
                    })
                  }
                />
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= LIMITS.actionsMax}
                onClick={() => add(newAction())}
              >
                {t('configure.automation.form.addAction', { max: LIMITS.actionsMax })}
              </Button>
            </Space>
          )}
        </Form.List>

        <Divider />
        <Form.Item
          name="rate_per_minute"
          label={f('rate')}
          extra={f('rateHint')}
          rules={[
            { required: true, message: f('rateRange') },
            { type: 'number', min: LIMITS.rateMin, max: LIMITS.rateMax, message: f('rateRange') },
          ]}
        >
          <InputNumber min={LIMITS.rateMin} max={LIMITS.rateMax} precision={0} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} className="automation-form__error" />}
      </Form>
    </Drawer>
  );
});
