// A group of monitoring tables (/monitor/middlewaresGrouping/id={id}; issue 35, docs/api-monitor.md "Groups"): the
// group's tables one after another, each live as the viewer's setting refreshes it; tables the viewer does not watch
// are left out (the server says how many). An unknown group, or another tenant's, is not found (115507).
import { ArrowLeftOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { detailState } from '@/components/detail-states';
import { PageHeader } from '@/components/page-header';
import { Perm } from '@/lib/permissions';
import { keyedParam, param } from '@/lib/route-params';
import { useSession } from '@/lib/session';

import { DEFAULT_SETTING, useMonitorGroup, useMonitorSetting } from '../api/monitor';
import { TableView } from '../components/table-view';
import '../monitor.css';

const NOT_FOUND = '115507';
/** Each table of a group is this high at most, so the next one shows below it. */
const TABLE_HEIGHT = 420;

export default function MiddlewaresGroupingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { idParam } = useParams();
  const id = param.id.parse(keyedParam(idParam, 'id') ?? '') ?? 0;
  const group = useMonitorGroup(id);
  const setting = useMonitorSetting().data ?? DEFAULT_SETTING;
  const canSet = useSession((s) => s.permissions.includes(Perm.MONITOR_SETTING));
  const back = () => void navigate('/monitor/monitoringDevice');
  const backButton = (
    <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('monitor.back')} />
  );

  const state = detailState({
    query: group,
    valid: id > 0,
    notFoundCode: NOT_FOUND,
    texts: {
      notFound: t('monitor.groups.notFound'),
      notFoundHint: t('monitor.groups.notFoundHint'),
      loadFailed: t('monitor.groups.loadFailed'),
      backToList: t('monitor.backToArea'),
      retry: t('monitor.retry'),
    },
    onBack: back,
    backButton,
  });
  if (state || !group.data) return state;
  const g = group.data;
  const refresh = setting.refresh_s;

  return (
    <div className="page">
      <PageHeader
        title={
          <Space>
            {backButton}
            <span>{g.name}</span>
          </Space>
        }
        subTitle={t('monitor.groups.subtitle', { count: g.tables.length })}
        extra={
          <Space wrap>
            <Tag color={refresh === 0 ? 'green' : 'blue'}>
              {refresh === 0 ? t('monitor.refresh.live') : t('monitor.refresh.every', { count: refresh })}
            </Tag>
            {canSet ? (
              <Link to="/monitor/monitorSetting">
                <Button icon={<SettingOutlined />}>{t('monitor.groups.manage')}</Button>
              </Link>
            ) : null}
          </Space>
        }
      />
      {g.hidden > 0 ? (
        <Typography.Paragraph type="secondary">
          {t('monitor.groups.hiddenNote', { count: g.hidden })}
        </Typography.Paragraph>
      ) : null}
      {g.tables.length === 0 ? (
        <Card>
          <Empty description={t('monitor.groups.noTables')} className="iot-monitor-empty" />
        </Card>
      ) : (
        <div className="iot-monitor-stack">
          {g.tables.map((table) => (
            <Card
              key={table.id}
              size="small"
              title={
                <Link to={`/monitor/monitoringDevice?table=${table.id}`}>
                  {`${table.template_name} · ${table.name}`}
                </Link>
              }
              data-testid={`group-table-${table.id}`}
            >
              <TableView
                id={table.id}
                height={TABLE_HEIGHT}
                refreshS={refresh}
                density={setting.density}
                showStale={setting.show_stale}
              />
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
