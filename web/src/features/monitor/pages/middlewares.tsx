// One monitoring table live on its own page (/monitor/middlewares/id={id}; docs/api-monitor.md), refreshed, drawn and
// filtered as the viewer's monitor setting says.
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { keyedParam, param } from '@/lib/route-params';

import { DEFAULT_SETTING, useMonitorSetting, useMonitorTable } from '../api/monitor';
import { TableView } from '../components/table-view';
import '../monitor.css';

export default function MiddlewaresPage() {
  const { t } = useTranslation();
  const { idParam } = useParams();
  const id = param.id.parse(keyedParam(idParam, 'id') ?? '') ?? 0;
  const setting = useMonitorSetting().data ?? DEFAULT_SETTING;
  // The same query as the table's own (one request): its name heads the page.
  const table = useMonitorTable(id, setting.refresh_s).data;
  return (
    <div className="page">
      <PageHeader
        title={table ? `${table.template_name} · ${table.name}` : t('menu.middlewares')}
        {...(table ? { subTitle: t('menu.middlewares') } : {})}
      />
      <Card size="small">
        <TableView
          id={id}
          refreshS={setting.refresh_s}
          density={setting.density}
          showStale={setting.show_stale}
        />
      </Card>
    </div>
  );
}
