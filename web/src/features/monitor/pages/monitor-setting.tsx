// Monitor settings (/monitor/monitorSetting, P112000; issue 35, docs/api-monitor.md "The monitor setting" and
// "Groups"): the user's own choice of the tables the monitor area shows and their order, how they refresh (live on
// the socket, or read again every 5/10/30/60 s), the table opened first, the row density and whether rows without a
// fresh value show; and the tenant's groups of tables (create, rename, choose and order their tables, delete).
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Form,
  Popconfirm,
  Radio,
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { DataTable } from '@/components/table/data-table';
import { useIsPhone } from '@/components/use-phone';
import { EMPTY } from '@/lib/empty';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { MONITOR_REFRESH_S, MONITOR_SETTING_TABLES_MAX } from '@/types/limits.gen';

import {
  useCreateMonitorGroup,
  useDeleteMonitorGroup,
  useMonitorGroups,
  useMonitorSetting,
  useSaveMonitorSetting,
  useUpdateMonitorGroup,
  useWatchedTables,
  type Density,
  type MonitorGroup,
  type MonitorSetting,
  type MonitorSettingDocument,
  type WatchedTable,
} from '../api/monitor';
import { GroupFormModal } from '../components/group-form-modal';
import { TableChooser } from '../components/table-chooser';
import '../monitor.css';

interface Values {
  table_ids: number[];
  refresh_s: MonitorSettingDocument['refresh_s'];
  default_table_id: number | null;
  density: Density;
  show_stale: boolean;
}

function toValues(s: MonitorSetting): Values {
  return {
    table_ids: s.table_ids,
    refresh_s: s.refresh_s,
    default_table_id: s.default_table_id,
    density: s.density,
    show_stale: s.show_stale,
  };
}

function SettingForm({ setting, tables }: { setting: MonitorSetting; tables: readonly WatchedTable[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const save = useSaveMonitorSetting();
  // Undefined until the form has mounted its fields.
  const watched = Form.useWatch('table_ids', form) as number[] | undefined;
  const chosen = watched ?? setting.table_ids;
  const defaults = chosen.length > 0 ? tables.filter((x) => chosen.includes(x.id)) : tables;

  const onFinish = async (values: Values) => {
    setError(null);
    const ids = values.table_ids;
    const fallback = values.default_table_id;
    const body: MonitorSettingDocument = {
      schema_version: 1,
      ...values,
      table_ids: ids,
      // A default no longer among the chosen tables is dropped rather than refused.
      default_table_id: fallback !== null && (ids.length === 0 || ids.includes(fallback)) ? fallback : null,
    };
    try {
      const saved = await save.mutateAsync(body);
      form.setFieldsValue(toValues(saved));
      toast.success(t('monitor.setting.saved'));
    } catch (e) {
      setError(applyServerError(form, e, ['refresh_s', 'default_table_id', 'density', 'show_stale']));
    }
  };

  return (
    <Form<Values>
      form={form}
      name="monitor-setting"
      layout="vertical"
      initialValues={toValues(setting)}
      onFinish={(values) => void onFinish(values)}
      onValuesChange={() => setError(null)}
    >
      <div className="iot-monitor-setting-pair">
        <Card size="small" title={t('monitor.setting.tables')} className="iot-monitor-setting-card">
          <Typography.Paragraph type="secondary">{t('monitor.setting.tablesHint')}</Typography.Paragraph>
          <Form.Item name="table_ids" noStyle>
            <TableChooser tables={tables} max={MONITOR_SETTING_TABLES_MAX} />
          </Form.Item>
        </Card>
        <Card size="small" title={t('monitor.setting.display')} className="iot-monitor-setting-card">
          <Form.Item
            name="refresh_s"
            label={t('monitor.setting.refresh')}
            extra={t('monitor.setting.refreshHint')}
          >
            <Radio.Group
              optionType="button"
              options={MONITOR_REFRESH_S.map((s) => ({
                value: s,
                label: s === 0 ? t('monitor.refresh.live') : t('monitor.refresh.seconds', { count: s }),
              }))}
            />
          </Form.Item>
          <Form.Item name="default_table_id" label={t('monitor.setting.defaultTable')}>
            <Select
              allowClear
              placeholder={t('monitor.setting.firstShown')}
              options={defaults.map((x) => ({ value: x.id, label: `${x.template_name} · ${x.name}` }))}
              notFoundContent={EMPTY}
            />
          </Form.Item>
          <Form.Item name="density" label={t('monitor.setting.density')}>
            <Segmented<Density>
              options={[
                { value: 'normal', label: t('monitor.setting.densityOf.normal') },
                { value: 'compact', label: t('monitor.setting.densityOf.compact') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="show_stale"
            label={t('monitor.setting.showStale')}
            valuePropName="checked"
            extra={t('monitor.setting.showStaleHint')}
          >
            <Switch />
          </Form.Item>
        </Card>
      </div>
      {error ? <Alert type="error" showIcon title={error} className="iot-monitor-setting-error" /> : null}
      <div className="iot-monitor-setting-actions">
        <Button onClick={() => form.setFieldsValue(toValues(setting))}>{t('monitor.setting.reset')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('monitor.setting.save')}
        </Button>
      </div>
    </Form>
  );
}

function GroupsCard({ tables }: { tables: readonly WatchedTable[] }) {
  const { t } = useTranslation();
  const groups = useMonitorGroups();
  const create = useCreateMonitorGroup();
  const update = useUpdateMonitorGroup();
  const remove = useDeleteMonitorGroup();
  const [editing, setEditing] = useState<{ group: MonitorGroup | null } | null>(null);

  const onSave = async (values: { name: string; table_ids: number[] }) => {
    if (editing?.group) await update.mutateAsync({ id: editing.group.id, ...values });
    else await create.mutateAsync(values);
    toast.success(t('monitor.groups.saved'));
  };

  let body;
  if (groups.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (groups.isError)
    body = (
      <Result
        status="error"
        title={t('monitor.groups.loadFailed')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void groups.refetch()}>
            {t('monitor.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <DataTable<MonitorGroup>
        rowKey="id"
        size="small"
        dataSource={groups.data}
        pagination={false}
        locale={{ emptyText: t('monitor.groups.empty') }}
        columns={[
          {
            key: 'name',
            title: t('monitor.groups.name'),
            render: (_: unknown, g: MonitorGroup) => (
              <Link to={`/monitor/middlewaresGrouping/id=${g.id}`}>{g.name}</Link>
            ),
          },
          {
            key: 'tables',
            title: t('monitor.groups.tablesColumn'),
            render: (_: unknown, g: MonitorGroup) =>
              g.tables.length === 0 && g.hidden === 0 ? (
                EMPTY
              ) : (
                <span className="iot-monitor-group-tables">
                  {g.tables.map((x) => (
                    <Tag key={x.id}>{`${x.template_name} · ${x.name}`}</Tag>
                  ))}
                  {g.hidden > 0 ? (
                    <Typography.Text type="secondary">
                      {t('monitor.groups.hidden', { count: g.hidden })}
                    </Typography.Text>
                  ) : null}
                </span>
              ),
          },
          {
            key: 'actions',
            title: t('monitor.groups.actions'),
            width: 120,
            render: (_: unknown, g: MonitorGroup) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('monitor.groups.editOf', { name: g.name })}
                  onClick={() => setEditing({ group: g })}
                />
                <Popconfirm
                  title={t('monitor.groups.deleteConfirm', { name: g.name })}
                  okText={t('monitor.groups.delete')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    void remove.mutateAsync(g.id).then(() => toast.success(t('monitor.groups.deleted')))
                  }
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('monitor.groups.deleteOf', { name: g.name })}
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    );

  return (
    <Card
      size="small"
      title={t('monitor.groups.title')}
      className="iot-monitor-setting-groups"
      extra={
        <Button
          type="primary"
          size="small"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ group: null })}
        >
          {t('monitor.groups.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('monitor.groups.hint')}</Typography.Paragraph>
      {body}
      <GroupFormModal
        open={editing !== null}
        group={editing?.group ?? null}
        tables={tables}
        loading={create.isPending || update.isPending}
        onSave={onSave}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}

export default function MonitorSettingPage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const setting = useMonitorSetting();
  const tables = useWatchedTables();

  let body;
  if (setting.isPending || tables.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (setting.isError || tables.isError)
    body = (
      <Result
        status="error"
        title={t('monitor.setting.loadFailed')}
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              void setting.refetch();
              void tables.refetch();
            }}
          >
            {t('monitor.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <div className={phone ? 'iot-monitor-setting iot-monitor-setting--phone' : 'iot-monitor-setting'}>
        <SettingForm setting={setting.data} tables={tables.data} />
        <GroupsCard tables={tables.data} />
      </div>
    );

  return (
    <div className="page">
      <PageHeader title={t('menu.monitorSetting')} subTitle={t('monitor.setting.subtitle')} />
      {body}
    </div>
  );
}
