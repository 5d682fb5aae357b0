// One monitoring table live on its own page (/monitor/middlewares/id={id}; docs/api-monitor.md).
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { keyedParam, param } from '@/lib/route-params';

import { TableView } from '../components/table-view';
import '../monitor.css';

export default function MiddlewaresPage() {
  const { t } = useTranslation();
  const { idParam } = useParams();
  const id = param.id.parse(keyedParam(idParam, 'id') ?? '') ?? 0;
  return (
    <div className="page">
      <PageHeader title={t('menu.middlewares')} />
      <Card size="small">
        <TableView id={id} />
      </Card>
    </div>
  );
}
