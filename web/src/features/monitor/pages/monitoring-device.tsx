// Monitored devices (/monitor/monitoringDevice, P111000; issue 35 point 1, docs/api-monitor.md): the monitoring
// tables the viewer may watch, by template, and the chosen one live (`?table=` in the address, the first by default).
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Menu, Result, Select, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { useIsPhone } from '@/components/use-phone';

import { useWatchedTables, type WatchedTable } from '../api/monitor';
import { TableView } from '../components/table-view';
import '../monitor.css';

function byTemplate(tables: readonly WatchedTable[]): [string, WatchedTable[]][] {
  const groups = new Map<string, WatchedTable[]>();
  for (const table of tables) {
    const key = `${table.template_id}`;
    const list = groups.get(key) ?? [];
    list.push(table);
    groups.set(key, list);
  }
  return [...groups.values()].map((list) => [list[0]?.template_name ?? '', list]);
}

export default function MonitoringDevicePage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [search, setSearch] = useSearchParams();
  const tables = useWatchedTables();
  const list = useMemo(() => tables.data ?? [], [tables.data]);
  const asked = Number(search.get('table'));
  const chosen = list.find((x) => x.id === asked) ?? list[0] ?? null;
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
  const groups = byTemplate(list);

  let body;
  if (tables.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
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
            onChange={choose}
            aria-label={t('monitor.tables.choose')}
            options={groups.map(([name, items]) => ({
              label: name,
              options: items.map((x) => ({ value: x.id, label: `${name} · ${x.name}` })),
            }))}
          />
        ) : (
          <Card size="small" className="iot-monitor-menu" title={t('monitor.tables.title')}>
            <Menu
              mode="inline"
              selectedKeys={[String(chosen.id)]}
              onClick={({ key }) => choose(Number(key))}
              items={groups.map(([name, items]) => ({
                type: 'group' as const,
                key: `t-${name}`,
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
              }))}
            />
          </Card>
        )}
        <Card size="small" className="iot-monitor-main" title={`${chosen.template_name} · ${chosen.name}`}>
          <TableView id={chosen.id} />
        </Card>
      </div>
    );

  return (
    <div className="page">
      <PageHeader title={t('menu.monitoringDevice')} subTitle={t('monitor.subtitle')} />
      {body}
    </div>
  );
}
