// A notification rule, new or edited (administrators; docs/api-notifications.md): its name and whether it is on;
// which alarms it matches (a level range, templates, their data sources, device groups: empty for any; recovery and
// confirmation only when asked); whom it tells (users, roles, user groups: at least one); over which channels (a
// channel this server has not configured is disabled, saying which setting enables it; the WeChat robot takes its
// URL, the signed webhook its URL and a secret, write-only: an edit left empty keeps the stored one); and its quiet
// hours in a time zone (the console is never held); and, optionally, whom it tells besides when an alarm is still
// unconfirmed some minutes after it started (escalation). The server's refusals sit on their fields.
import { InfoCircleOutlined, KeyOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  TimePicker,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { alarmLevelOptions } from '@/components/alarms/alarm-options';
import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { DataSourcePicker, type PickerDataSource } from '@/components/pickers/data-source-picker';
import { DeviceGroupPicker } from '@/components/pickers/device-group-picker';
import { RemoteSelect, type PickerOption } from '@/components/pickers/remote-select';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { MESSAGE_ADDRESSEES_MAX } from '@/types/limits.gen';
import {
  NOTIFY_CHANNELS,
  templateSourcesQueryOptions,
  useCreateRule,
  useNotifyTemplates,
  useUpdateRule,
  type ChannelsOut,
  type NotifyChannel,
  type RuleIn,
  type RuleOut,
} from '../api/notify';
import { searchUsers, type UserOut } from '../api/recipients';
import { systemMsgKeys } from '../api/system-msg-keys';
import {
  CHANNEL_SETTING,
  CHANNEL_UNCONFIGURED_CODE,
  defaultZone,
  ESCALATE_AFTER_DEFAULT,
  ESCALATE_AFTER_MAX,
  ESCALATE_AFTER_MIN,
  fromMinute,
  LEVEL_MAX,
  LEVEL_MIN,
  NOTIFY_URL_MAX,
  randomSecret,
  RULE_NAME_MAX,
  toMinute,
  WEBHOOK_SECRET_MAX,
  zoneOptions,
} from '../lib/notify';
import { CHANNEL_ICONS } from './notify-channels';
import { GroupRecipientPicker, RoleRecipientPicker, userLabel } from './recipient-pickers';

interface Values {
  name: string;
  enabled: boolean;
  level_min: number;
  level_max: number;
  template_ids: number[];
  source_ids: number[];
  device_group_ids: number[];
  on_recover: boolean;
  on_confirm: boolean;
  user_ids: number[];
  role_ids: number[];
  group_ids: number[];
  channels: NotifyChannel[];
  wechat_url: string;
  webhook_url: string;
  webhook_secret: string;
  quiet: [Dayjs, Dayjs] | null;
  timezone: string;
  escalate: boolean;
  escalate_after: number | null;
  escalate_user_ids: number[];
  escalate_role_ids: number[];
  escalate_group_ids: number[];
}

/** The form's fields the server may name; its quiet bounds land on the one range. */
const FIELDS = [
  'name',
  'level_min',
  'level_max',
  'template_ids',
  'source_ids',
  'device_group_ids',
  'user_ids',
  'role_ids',
  'group_ids',
  'channels',
  'wechat_url',
  'webhook_url',
  'webhook_secret',
  'quiet',
  'timezone',
  'escalate_after',
  'escalate_user_ids',
  'escalate_role_ids',
  'escalate_group_ids',
] as const;
const ALIASES = { quiet_start: 'quiet', quiet_end: 'quiet' } as const;
const RECIPIENTS = ['user_ids', 'role_ids', 'group_ids'] as const;
const ESCALATION = ['escalate_user_ids', 'escalate_role_ids', 'escalate_group_ids'] as const;

const named = (list: readonly { id: number; name: string }[]): PickerOption[] =>
  list.map((u) => ({ value: u.id, label: u.name || `#${String(u.id)}` }));

function quietRange(start: number | null, end: number | null): [Dayjs, Dayjs] | null {
  return start !== null && end !== null ? [fromMinute(start), fromMinute(end)] : null;
}

function initialValues(rule: RuleOut | null): Values {
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    level_min: rule?.level_min ?? LEVEL_MIN,
    level_max: rule?.level_max ?? LEVEL_MAX,
    template_ids: rule?.template_ids ?? [],
    source_ids: rule?.source_ids ?? [],
    device_group_ids: rule?.device_group_ids ?? [],
    on_recover: rule?.on_recover ?? false,
    on_confirm: rule?.on_confirm ?? false,
    user_ids: rule?.users.map((u) => u.id) ?? [],
    role_ids: rule?.roles.map((r) => r.id) ?? [],
    group_ids: rule?.groups.map((g) => g.id) ?? [],
    channels: rule?.channels ?? ['console'],
    // Write-only (its key is a secret): empty keeps the stored one.
    wechat_url: '',
    webhook_url: rule?.webhook_url ?? '',
    webhook_secret: '',
    quiet: quietRange(rule?.quiet_start ?? null, rule?.quiet_end ?? null),
    timezone: rule?.timezone ?? defaultZone(),
    escalate: (rule?.escalate_after ?? null) !== null,
    escalate_after: rule?.escalate_after ?? ESCALATE_AFTER_DEFAULT,
    escalate_user_ids: rule?.escalate_users.map((u) => u.id) ?? [],
    escalate_role_ids: rule?.escalate_roles.map((r) => r.id) ?? [],
    escalate_group_ids: rule?.escalate_groups.map((g) => g.id) ?? [],
  };
}

/** What the form sends: URLs and the secret only for their channels; quiet hours as minutes of the day; the
 * escalation's delay and recipients only when it escalates. */
export function ruleBody(values: Values): RuleIn {
  const webhook = values.channels.includes('webhook');
  const wechat = values.channels.includes('wechat');
  return {
    name: values.name.trim(),
    enabled: values.enabled,
    template_ids: values.template_ids,
    source_ids: values.template_ids.length ? values.source_ids : [],
    device_group_ids: values.device_group_ids,
    level_min: values.level_min,
    level_max: values.level_max,
    user_ids: values.user_ids,
    role_ids: values.role_ids,
    group_ids: values.group_ids,
    channels: NOTIFY_CHANNELS.filter((c) => values.channels.includes(c)),
    webhook_url: webhook ? values.webhook_url.trim() : '',
    webhook_secret: webhook ? values.webhook_secret : '',
    wechat_url: wechat ? values.wechat_url.trim() : '',
    quiet_start: values.quiet ? toMinute(values.quiet[0]) : null,
    quiet_end: values.quiet ? toMinute(values.quiet[1]) : null,
    timezone: values.timezone,
    on_recover: values.on_recover,
    on_confirm: values.on_confirm,
    escalate_after: values.escalate ? values.escalate_after : null,
    escalate_user_ids: values.escalate ? values.escalate_user_ids : [],
    escalate_role_ids: values.escalate ? values.escalate_role_ids : [],
    escalate_group_ids: values.escalate ? values.escalate_group_ids : [],
  };
}

interface UserPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  /** The rule's users, labelled before a search finds them. */
  known: readonly PickerOption[];
}

/** The users of a rule: searched on the server like the message form's, its chosen users named from the rule. */
function NotifyUserPicker(props: UserPickerProps) {
  const { t } = useTranslation();
  const toOption = useCallback((u: UserOut): PickerOption => ({ value: u.id, label: userLabel(u) }), []);
  const queryKey = useCallback((q: string) => systemMsgKeys.recipients('user', q), []);
  return (
    <RemoteSelect<UserOut, number[]>
      {...props}
      mode="multiple"
      maxTagCount="responsive"
      placeholder={t('common.picker.userPlaceholder')}
      searchingText={t('common.picker.searching')}
      emptyText={t('common.picker.noUser')}
      queryKey={queryKey}
      fetchPage={searchUsers}
      toOption={toOption}
    />
  );
}

interface ChannelChoiceProps {
  value?: NotifyChannel[];
  onChange?: (channels: NotifyChannel[]) => void;
  id?: string;
  /** Which channels this server has configured (unknown: every one may be chosen). */
  available: ChannelsOut | undefined;
}

/** The channels as a list of labelled checkboxes; one the server has not configured is disabled (unless the rule
 * holds it already, so that it can be taken off) and says which setting enables it. */
function ChannelChoice({ value = [], onChange, id, available }: ChannelChoiceProps) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      <Checkbox.Group<NotifyChannel>
        className="notify-form__channels"
        value={value}
        onChange={(checked) => onChange?.(NOTIFY_CHANNELS.filter((c) => checked.includes(c)))}
      >
        {NOTIFY_CHANNELS.map((channel) => {
          const off = available?.[channel] === false;
          const setting = CHANNEL_SETTING[channel];
          const why = off
            ? t('info.notify.form.channelOff', {
                reason: t(CHANNEL_UNCONFIGURED_CODE[channel] ?? '', { ns: 'errors' }),
                setting,
              })
            : null;
          const box = (
            <Checkbox
              value={channel}
              disabled={off && !value.includes(channel)}
              className={off ? 'notify-form__channel notify-form__channel--off' : 'notify-form__channel'}
            >
              <span className="notify-form__channel-icon">{CHANNEL_ICONS[channel]}</span>
              <span className="notify-form__channel-text">
                <span className="notify-form__channel-name">{t(`info.notify.channel.${channel}`)}</span>
                <span className="notify-form__channel-hint">
                  {off
                    ? t('info.notify.form.channelNotConfigured')
                    : t(`info.notify.form.channelHint.${channel}`)}
                </span>
              </span>
            </Checkbox>
          );
          return why ? (
            <Tooltip key={channel} title={why}>
              <span className="notify-form__channel-wrap">{box}</span>
            </Tooltip>
          ) : (
            <span key={channel} className="notify-form__channel-wrap">
              {box}
            </span>
          );
        })}
      </Checkbox.Group>
    </div>
  );
}

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <section className="notify-form__section">
      <header className="notify-form__section-head">
        <Typography.Title level={5} className="notify-form__section-title">
          {title}
        </Typography.Title>
        {hint && (
          <Typography.Text type="secondary" className="notify-form__section-hint">
            {hint}
          </Typography.Text>
        )}
      </header>
      {children}
    </section>
  );
}

export interface NotifyRuleFormProps {
  open: boolean;
  /** The rule edited; null for a new one. */
  rule: RuleOut | null;
  /** Which channels this server has configured (GET /yun/notify/rule `channels`). */
  channels: ChannelsOut | undefined;
  onClose: () => void;
}

export const NotifyRuleForm = perOpening(function NotifyRuleForm({
  open,
  rule,
  channels: available,
  onClose,
}: NotifyRuleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [secretShown, setSecretShown] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  const create = useCreateRule();
  const update = useUpdateRule();
  const initial = useMemo(() => initialValues(rule), [rule]);
  const templates = useNotifyTemplates(open);

  // Undefined until the form has mounted: the initial values meanwhile.
  const chosenChannels = (Form.useWatch('channels', form) as NotifyChannel[] | undefined) ?? initial.channels;
  const templateIds = (Form.useWatch('template_ids', form) as number[] | undefined) ?? initial.template_ids;
  const watchedQuiet = Form.useWatch('quiet', form) as Values['quiet'] | undefined;
  const quiet = watchedQuiet === undefined ? initial.quiet : watchedQuiet;
  const timezone = (Form.useWatch('timezone', form) as string | undefined) ?? initial.timezone;
  const escalate = (Form.useWatch('escalate', form) as boolean | undefined) ?? initial.escalate;

  const templateNames = useMemo(
    () => new Map((templates.data ?? []).map((tpl) => [tpl.id, tpl.name])),
    [templates.data],
  );
  const sourceLists = useQueries({
    queries: templateIds.map((id) => ({ ...templateSourcesQueryOptions(id), enabled: open })),
  });
  const sourcesLoading = sourceLists.some((q) => q.isPending);
  /** The data sources of the chosen templates; named with their template when several are chosen. */
  const sources: PickerDataSource[] = templateIds.flatMap((templateId, i) =>
    (sourceLists[i]?.data ?? []).map((s) => ({
      id: s.id,
      unit: s.unit,
      name:
        templateIds.length > 1
          ? `${templateNames.get(templateId) ?? `#${String(templateId)}`} · ${s.name}`
          : s.name,
    })),
  );
  const sourceTemplate = new Map(
    templateIds.flatMap((templateId, i) =>
      (sourceLists[i]?.data ?? []).map((s) => [s.id, templateId] as const),
    ),
  );

  const knownUsers = useMemo(() => named(rule?.users ?? []), [rule]);
  const knownEscalation = useMemo(() => named(rule?.escalate_users ?? []), [rule]);
  const templateOptions = useMemo(() => {
    const listed = (templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }));
    // A chosen template the list lacks (no longer read) still shows, by its id.
    const missing = initial.template_ids
      .filter((id) => !templateNames.has(id))
      .map((id) => ({ value: id, label: `#${String(id)}` }));
    return templates.data ? [...listed, ...missing] : listed;
  }, [templates.data, initial.template_ids, templateNames]);
  const zones = useMemo(() => zoneOptions(defaultZone(), initial.timezone), [initial.timezone]);
  const levels = useMemo(() => alarmLevelOptions(t), [t]);

  const saving = create.isPending || update.isPending;
  const storedSecret = rule?.has_webhook_secret ?? false;

  const onFinish = async (values: Values) => {
    const body = ruleBody(values);
    try {
      if (rule) {
        await update.mutateAsync({ id: rule.id, body, silent: true });
        toast.success(t('info.notify.form.saved'));
      } else {
        await create.mutateAsync(body);
        toast.success(t('info.notify.form.created'));
      }
      onClose();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS, ALIASES));
    }
  };

  /** At least one recipient of any kind: checked on the users' field, where the server also says it. */
  const someone =
    (lists: readonly string[]) =>
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: () =>
        lists.some((name) => (getFieldValue(name) as number[] | undefined)?.length)
          ? Promise.resolve()
          : Promise.reject(new Error(t('info.notify.form.recipientRequired'))),
    });
  const most = {
    type: 'array' as const,
    max: MESSAGE_ADDRESSEES_MAX,
    message: t('info.systemMsg.write.recipientsMax', { max: MESSAGE_ADDRESSEES_MAX }),
  };
  const urlRules = [
    { required: true, whitespace: true, message: t('info.notify.form.urlRequired') },
    { pattern: /^\s*https?:\/\/[^\s/?#@]+\S*\s*$/i, message: t('info.notify.form.urlInvalid') },
  ];
  const storedRobot = rule?.has_wechat_url ?? false;
  const robotRules = storedRobot
    ? [{ pattern: /^\s*(https?:\/\/[^\s/?#@]+\S*)?\s*$/i, message: t('info.notify.form.urlInvalid') }]
    : urlRules;

  const generate = () => {
    const secret = randomSecret();
    form.setFieldValue('webhook_secret', secret);
    form.setFields([{ name: 'webhook_secret', errors: [] }]);
    setGenerated(secret);
    setSecretShown(true);
  };

  return (
    <FormModal<Values>
      open={open}
      width={760}
      title={rule ? t('info.notify.form.editTitle') : t('info.notify.form.createTitle')}
      form={form}
      name="notify-rule"
      initialValues={initial}
      loading={saving}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={onFinish}
      hiddenSubmit={false}
      formProps={{ className: 'notify-form', requiredMark: true }}
      onValuesChange={(changed: Partial<Values>) => {
        if (changed.template_ids) {
          // Data sources belong to their template: those of a template taken off go with it.
          const kept = new Set(changed.template_ids);
          const held = form.getFieldValue('source_ids') as number[];
          const next = kept.size
            ? held.filter((id) => {
                const owner = sourceTemplate.get(id);
                return owner === undefined || kept.has(owner);
              })
            : [];
          if (next.length !== held.length) form.setFieldValue('source_ids', next);
        }
        for (const kinds of [RECIPIENTS, ESCALATION]) {
          const lists = kinds.filter((name) => name in changed);
          if (lists.length === 0) continue;
          // Choosing a recipient of any kind answers the "at least one" check.
          form.setFields(lists.map((name) => ({ name, errors: [] })));
          if (form.getFieldError(kinds[0]).length > 0)
            void form.validateFields([kinds[0]]).catch(() => undefined);
        }
        if ('webhook_secret' in changed && changed.webhook_secret !== generated) setGenerated(null);
      }}
    >
      <Row gutter={16} align="bottom">
        <Col xs={17} sm={18}>
          <Form.Item
            name="name"
            label={t('info.notify.form.name')}
            rules={[
              { required: true, whitespace: true, message: t('info.notify.form.nameRequired') },
              { max: RULE_NAME_MAX, message: t('info.notify.form.nameMax', { max: RULE_NAME_MAX }) },
            ]}
          >
            <Input
              autoComplete="off"
              maxLength={RULE_NAME_MAX}
              showCount
              placeholder={t('info.notify.form.namePlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={7} sm={6}>
          <Form.Item name="enabled" label={t('info.notify.form.enabled')} valuePropName="checked">
            <Switch
              checkedChildren={t('info.notify.state.on')}
              unCheckedChildren={t('info.notify.state.off')}
            />
          </Form.Item>
        </Col>
      </Row>

      <Section title={t('info.notify.form.whichAlarms')} hint={t('info.notify.form.whichAlarmsHint')}>
        <Form.Item label={t('info.notify.form.levels')} extra={t('info.notify.form.levelsHint')} required>
          <div className="notify-form__levels">
            <Form.Item name="level_min" noStyle>
              <Select<number>
                aria-label={t('info.notify.form.levelFrom')}
                options={levels}
                className="notify-form__level"
                popupMatchSelectWidth={false}
              />
            </Form.Item>
            <span className="notify-form__levels-to">{t('info.notify.form.levelTo')}</span>
            <Form.Item
              name="level_max"
              noStyle
              dependencies={['level_min']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, max: number) =>
                    max >= (getFieldValue('level_min') as number)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('info.notify.form.levelOrder'))),
                }),
              ]}
            >
              <Select<number>
                aria-label={t('info.notify.form.levelUntil')}
                options={levels}
                className="notify-form__level"
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </div>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="template_ids" label={t('info.notify.form.templates')}>
              <Select<number[]>
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder={t('info.notify.form.anyTemplate')}
                loading={templates.isFetching}
                notFoundContent={
                  templates.isFetching ? t('common.picker.searching') : t('info.notify.form.noTemplate')
                }
                options={templateOptions}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="source_ids"
              label={t('info.notify.form.sources')}
              extra={templateIds.length === 0 ? t('info.notify.form.sourcesHint') : undefined}
            >
              <DataSourcePicker<number[]>
                mode="multiple"
                maxTagCount="responsive"
                disabled={templateIds.length === 0}
                loading={sourcesLoading && templateIds.length > 0}
                placeholder={
                  templateIds.length === 0
                    ? t('info.notify.form.sourcesFirst')
                    : t('info.notify.form.anySource')
                }
                sources={sources}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="device_group_ids" label={t('info.notify.form.deviceGroups')}>
          <DeviceGroupPicker<number[]>
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('info.notify.form.anyDeviceGroup')}
          />
        </Form.Item>
        <Form.Item label={t('info.notify.form.events')} className="notify-form__events">
          <Space wrap size={[16, 4]}>
            <Checkbox checked disabled>
              {t('info.notify.form.onProduce')}
            </Checkbox>
            <Form.Item name="on_recover" valuePropName="checked" noStyle>
              <Checkbox>{t('info.notify.form.onRecover')}</Checkbox>
            </Form.Item>
            <Form.Item name="on_confirm" valuePropName="checked" noStyle>
              <Checkbox>{t('info.notify.form.onConfirm')}</Checkbox>
            </Form.Item>
          </Space>
        </Form.Item>
      </Section>

      <Section title={t('info.notify.form.whom')} hint={t('info.notify.form.whomHint')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="user_ids"
              label={t('info.systemMsg.write.users')}
              rules={[someone(RECIPIENTS), most]}
              validateTrigger={[]}
            >
              <NotifyUserPicker known={knownUsers} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="role_ids" label={t('info.systemMsg.write.roles')} rules={[most]}>
              <RoleRecipientPicker />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="group_ids"
          label={t('info.systemMsg.write.groups')}
          extra={t('info.systemMsg.write.groupsHint')}
          rules={[most]}
        >
          <GroupRecipientPicker />
        </Form.Item>
      </Section>

      <Section title={t('info.notify.form.how')}>
        <Form.Item
          name="channels"
          rules={[{ type: 'array', required: true, min: 1, message: t('info.notify.form.channelRequired') }]}
        >
          <ChannelChoice available={available} />
        </Form.Item>
        {chosenChannels.includes('wechat') && (
          <div className="notify-form__target">
            <Form.Item
              name="wechat_url"
              preserve
              label={t('info.notify.form.wechatUrl')}
              extra={
                storedRobot
                  ? t('info.notify.form.wechatStored', { url: rule?.wechat_url ?? '' })
                  : t('info.notify.form.wechatUrlHint')
              }
              rules={robotRules}
            >
              <Input
                autoComplete="off"
                inputMode="url"
                maxLength={NOTIFY_URL_MAX}
                placeholder="https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…"
              />
            </Form.Item>
          </div>
        )}
        {chosenChannels.includes('webhook') && (
          <div className="notify-form__target">
            <Form.Item
              name="webhook_url"
              preserve
              label={t('info.notify.form.webhookUrl')}
              extra={t('info.notify.form.webhookUrlHint')}
              rules={urlRules}
            >
              <Input
                autoComplete="off"
                inputMode="url"
                maxLength={NOTIFY_URL_MAX}
                placeholder="https://example.com/iotyun/alarms"
              />
            </Form.Item>
            <Form.Item
              label={t('info.notify.form.webhookSecret')}
              required={!storedSecret}
              extra={
                generated ? (
                  <span className="notify-form__secret-note">
                    {t('info.notify.form.secretGenerated')}{' '}
                    <Typography.Text
                      copyable={{
                        text: generated,
                        tooltips: [t('info.notify.form.copySecret'), t('info.notify.form.secretCopied')],
                      }}
                    />
                  </span>
                ) : storedSecret ? (
                  t('info.notify.form.secretStored')
                ) : (
                  t('info.notify.form.secretHint')
                )
              }
            >
              <Space.Compact block>
                <Form.Item
                  name="webhook_secret"
                  preserve
                  noStyle
                  rules={[
                    {
                      required: !storedSecret,
                      message: t('info.notify.form.secretRequired'),
                    },
                    {
                      max: WEBHOOK_SECRET_MAX,
                      message: t('info.notify.form.secretMax', { max: WEBHOOK_SECRET_MAX }),
                    },
                  ]}
                >
                  <Input.Password
                    autoComplete="new-password"
                    aria-label={t('info.notify.form.webhookSecret')}
                    maxLength={WEBHOOK_SECRET_MAX}
                    placeholder={
                      storedSecret
                        ? t('info.notify.form.secretKeep')
                        : t('info.notify.form.secretPlaceholder')
                    }
                    visibilityToggle={{ visible: secretShown, onVisibleChange: setSecretShown }}
                  />
                </Form.Item>
                <Button icon={<KeyOutlined />} onClick={generate}>
                  {t('info.notify.form.generate')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </div>
        )}
      </Section>

      <Section title={t('info.notify.form.escalation')} hint={t('info.notify.form.escalationHint')}>
        <Form.Item name="escalate" valuePropName="checked" className="notify-form__escalate-switch">
          <Checkbox>{t('info.notify.form.escalate')}</Checkbox>
        </Form.Item>
        {escalate && (
          <div className="notify-form__target">
            <Form.Item
              name="escalate_after"
              preserve
              label={t('info.notify.form.escalateAfter')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: ESCALATE_AFTER_MIN,
                  max: ESCALATE_AFTER_MAX,
                  message: t('info.notify.form.escalateAfterRange', {
                    min: ESCALATE_AFTER_MIN,
                    max: ESCALATE_AFTER_MAX,
                  }),
                },
              ]}
            >
              <InputNumber<number>
                min={ESCALATE_AFTER_MIN}
                max={ESCALATE_AFTER_MAX}
                precision={0}
                step={5}
                suffix={t('info.notify.form.minutes')}
                className="notify-form__minutes"
              />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="escalate_user_ids"
                  preserve
                  label={t('info.notify.form.escalateUsers')}
                  rules={[someone(ESCALATION), most]}
                  validateTrigger={[]}
                >
                  <NotifyUserPicker known={knownEscalation} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="escalate_role_ids"
                  preserve
                  label={t('info.notify.form.escalateRoles')}
                  rules={[most]}
                >
                  <RoleRecipientPicker />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="escalate_group_ids"
              preserve
              label={t('info.notify.form.escalateGroups')}
              rules={[most]}
            >
              <GroupRecipientPicker />
            </Form.Item>
          </div>
        )}
      </Section>

      <Section title={t('info.notify.form.quiet')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="quiet"
              label={t('info.notify.form.quietHours')}
              rules={[
                {
                  validator: (_, range: Values['quiet']) =>
                    range && toMinute(range[0]) === toMinute(range[1])
                      ? Promise.reject(new Error(t('info.notify.form.quietSame')))
                      : Promise.resolve(),
                },
              ]}
            >
              <TimePicker.RangePicker
                format="HH:mm"
                order={false}
                minuteStep={5}
                className="notify-form__quiet"
                placeholder={[t('info.notify.form.quietFrom'), t('info.notify.form.quietUntil')]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="timezone"
              label={t('info.notify.form.timezone')}
              rules={[{ required: true, message: t('info.notify.form.timezoneRequired') }]}
            >
              <Select<string> options={zones} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
        </Row>
        <div className="notify-form__quiet-hint">
          <InfoCircleOutlined />
          <span>
            {quiet
              ? t('info.notify.form.quietOn', {
                  from: quiet[0].format('HH:mm'),
                  until: quiet[1].format('HH:mm'),
                  zone: timezone,
                })
              : t('info.notify.form.quietOff')}{' '}
            {t('info.notify.form.quietConsole')}
          </span>
        </div>
      </Section>
    </FormModal>
  );
});
