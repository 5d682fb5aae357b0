// Monitored devices (/monitor/monitoringDevice, P111000; issue 35 point 1, docs/api-monitor.md): the monitoring
// tables the viewer watches as their monitor setting chooses them (only the chosen, in that order; every table by
// template when none is), the groups of tables, and one table live (`?table=` in the address, else the setting's
// default, else the first), following the socket or read again every period the setting names.
import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Menu, Result, Select, Skeleton, Tag } from 'antd';
import type { MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { useIsPhone } from '@/components/use-phone';
import { Perm } from '@/lib/permissions';
import { useSession } from '@/lib/session';

import { DEFAULT_SETTING, useMonitorGroups, useMonitorSetting, useWatchedTables } from '../api/monitor';
import { TableView } from '../components/table-view';
import { byTemplate, openedTable, shownTables } from '../lib/setting';
import '../monitor.css';

const GROUP_KEY = 'group-';

export default function MonitoringDevicePage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tables = useWatchedTables();
  // The setting and the groups shape the page; when they fail to load it shows every table, live.
  const settingQuery = useMonitorSetting();
  const groupsQuery = useMonitorGroups();
  const canSet = useSession((s) => s.permissions.includes(Perm.MONITOR_SETTING));
  const setting = settingQuery.data ?? DEFAULT_SETTING;
  const shown = useMemo(() => shownTables(tables.data ?? [], setting), [tables.data, setting]);
  const groups = groupsQuery.data ?? [];
  const askedRaw = search.get('table');
  const chosen = openedTable(shown, setting, askedRaw ? Number(askedRaw) : null);
  const choose = (id: number) => {
    setSearch(
      (current) => {
        const out = new URLSearchParams(current);
        out.set('table', String(id));
        return out;
      },
      { replace: true },
    );
  };
  const openGroup = (id: number) => void navigate(`/monitor/middlewaresGrouping/id=${id}`);
  const sections = byTemplate(shown);
  const refresh = setting.refresh_s;

  const groupItems: MenuProps['items'] =
    groups.length > 0
      ? [
          {
            type: 'group' as const,
            key: 'groups',
            label: t('monitor.groups.title'),
            children: groups.map((g) => ({
              key: `${GROUP_KEY}${g.id}`,
              label: (
                <span className="iot-monitor-menu-item">
                  <span>{g.name}</span>
                  <span className="text-secondary">{g.tables.length}</span>
                </span>
              ),
            })),
          },
        ]
      : [];

  let body;
  if (tables.isPending || settingQuery.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (tables.isError)
    body = (
      <Result
        status="error"
        title={t('monitor.tables.loadFailed')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void tables.refetch()}>
            {t('monitor.retry')}
          </Button>
        }
      />
    );
  else if (!chosen) body = <Empty description={t('monitor.tables.empty')} className="iot-monitor-empty" />;
  else
    body = (
      <div className={phone ? 'iot-monitor-layout iot-monitor-layout--phone' : 'iot-monitor-layout'}>
        {phone ? (
          <Select
            className="iot-monitor-picker"
            value={chosen.id}
            onChange={(value: number | string) =>
              typeof value === 'string' ? openGroup(Number(value.slice(GROUP_KEY.length))) : choose(value)
            }
            aria-label={t('monitor.tables.choose')}
            options={[
              ...sections.map(([name, items], i) => ({
                label: name,
                key: `s${i}`,
                options: items.map((x) => ({ value: x.id, label: `${name} · ${x.name}` })),
              })),
              ...(groups.length > 0
                ? [
                    {
                      label: t('monitor.groups.title'),
                      key: 'groups',
                      options: groups.map((g) => ({ value: `${GROUP_KEY}${g.id}`, label: g.name })),
                    },
                  ]
                : []),
            ]}
          />
        ) : (
          <Card size="small" className="iot-monitor-menu" title={t('monitor.tables.title')}>
            <Menu
              mode="inline"
              selectedKeys={[String(chosen.id)]}
              onClick={({ key }) =>
                key.startsWith(GROUP_KEY)
                  ? openGroup(Number(key.slice(GROUP_KEY.length)))
                  : choose(Number(key))
              }
              items={[
                ...sections.map(([name, items], i) => ({
                  type: 'group' as const,
                  key: `t-${i}`,
                  label: name,
                  children: items.map((x) => ({
                    key: String(x.id),
                    label: (
                      <span className="iot-monitor-menu-item">
                        <span>{x.name}</span>
                        <span className="text-secondary">{x.devices}</span>
                      </span>
                    ),
                  })),
                })),
                ...groupItems,
              ]}
            />
          </Card>
        )}
        <Card
          size="small"
          className="iot-monitor-main"
          title={`${chosen.template_name} · ${chosen.name}`}
          extra={
            <Tag color={refresh === 0 ? 'green' : 'blue'} className="iot-monitor-refresh">
              {refresh === 0 ? t('monitor.refresh.live') : t('monitor.refresh.every', { count: refresh })}
            </Tag>
          }
        >
          <TableView
            key={chosen.id}
            id={chosen.id}
            refreshS={refresh}
            density={setting.density}
            showStale={setting.show_stale}
          />
        </Card>
      </div>
    );

  return (
    <div className="page">
      <PageHeader
        title={t('menu.monitoringDevice')}
        subTitle={t('monitor.subtitle')}
        extra={
          canSet ? (
            <Link to="/monitor/monitorSetting">
              <Button icon={<SettingOutlined />}>{t('menu.monitorSetting')}</Button>
            </Link>
          ) : undefined
        }
      />
      {body}
    </div>
  );
}
