// A template's overview (/templateMiddleware/id={id}): its state with publish and edit, and tabs for the overview,
// the web and mobile screens, the data sources, the monitoring tables, the camera slots and the bound devices
// (GET /yun/module/middleware; the camera slots GET /yun/module/video).
import { ArrowLeftOutlined, CloudUploadOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Col, Row, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { detailState } from '@/components/detail-states';
import { PageHeader } from '@/components/page-header';
import { useIdlePrefetch } from '@/lib/idle-prefetch';
import { keyedParam } from '@/lib/route-params';
import { useMiddleware } from '../api/get-middleware';
import { DataSourcesPanel } from '../components/data-sources/data-sources-panel';
import { MonitorTableList } from '../components/monitor-tables/monitor-table-list';
import { ScreenList } from '../components/screen-list';
import { TemplateCameras } from '../components/template-cameras';
import { TemplateDevices } from '../components/template-devices';
import { TemplateFormModal } from '../components/template-form-modal';
import { TemplateOverview } from '../components/template-overview';
import { TemplateStateTag } from '../components/template-state-tag';
import { useTemplateActions } from '../hooks/use-template-actions';
import { templateAbilities } from '../lib/state';
import { TEMPLATE_LIST_PATH } from '../lib/template-paths';
import '../components/templates.css';

const NOT_FOUND = '115001';

/** The designer's page and editor: one click away from here ("Design" on a screen), fetched while idle. */
const loadDesigner = () => Promise.all([import('./design-configure'), import('@/designer/editor/editor')]);
const TABS = ['overview', 'screens', 'dataSources', 'monitorTables', 'cameras', 'devices'] as const;
type TabKey = (typeof TABS)[number];

const tabLabel = (text: string, count: number) => (
  <span className="tpl-tab">
    {text}
    <span className="tpl-tab__count">{count}</span>
  </span>
);

export default function TemplateMiddlewarePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { idParam } = useParams();
  const id = Number(keyedParam(idParam, 'id'));
  const valid = Number.isInteger(id) && id > 0;
  const overview = useMiddleware(id);
  const actions = useTemplateActions();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: TabKey = TABS.find((k) => k === tabParam) ?? 'overview';
  const [editing, setEditing] = useState(false);
  const back = () => void navigate(TEMPLATE_LIST_PATH);
  useIdlePrefetch(loadDesigner, overview.data ? templateAbilities(overview.data.template).design : false);

  const backButton = (
    <Button
      type="text"
      icon={<ArrowLeftOutlined />}
      aria-label={t('configure.middleware.back')}
      onClick={back}
    />
  );

  const state = detailState({
    query: overview,
    valid,
    notFoundCode: NOT_FOUND,
    texts: {
      notFound: t('configure.middleware.notFound'),
      notFoundHint: t('configure.middleware.notFoundHint'),
      loadFailed: t('configure.middleware.loadFailed'),
      backToList: t('configure.middleware.backToList'),
      retry: t('configure.template.action.retry'),
    },
    onBack: back,
    backButton,
    className: 'tpl-page',
  });
  if (state || !overview.data) return state;

  const data = overview.data;
  const tpl = data.template;
  const can = templateAbilities(tpl);

  return (
    <div className="page tpl-page">
      <PageHeader
        title={
          <span className="tpl-detail__title">
            {backButton}
            <span className="tpl-detail__name" title={tpl.name}>
              {tpl.name}
            </span>
            <TemplateStateTag template={tpl} />
            {tpl.relation === 'share' && (
              <Tag variant="filled" color="cyan">
                {t('configure.template.relation.share', { owner: tpl.owner_name })}
              </Tag>
            )}
          </span>
        }
        subTitle={
          tpl.description ? (
            <Typography.Text type="secondary" ellipsis className="tpl-detail__desc" title={tpl.description}>
              {tpl.description}
            </Typography.Text>
          ) : undefined
        }
        extra={
          <Space wrap>
            {can.edit && (
              <Button
                icon={<EditOutlined />}
                onClick={() => actions.confirmEdit(tpl, () => setEditing(true))}
              >
                {t('configure.template.action.edit')}
              </Button>
            )}
            {can.publish && tpl.published && (
              <Button icon={<StopOutlined />} danger onClick={() => actions.confirmUnpublish(tpl)}>
                {t('configure.template.action.unpublish')}
              </Button>
            )}
            {can.publish && (!tpl.published || tpl.changed_since_publish) && (
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                onClick={() => actions.confirmPublish(tpl)}
              >
                {t('configure.template.action.publish')}
              </Button>
            )}
          </Space>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(searchParams);
          if (key === 'overview') next.delete('tab');
          else next.set('tab', key);
          setSearchParams(next, { replace: true });
        }}
        className="tpl-detail__tabs"
        items={[
          {
            key: 'overview',
            label: t('configure.middleware.tab.overview'),
            children: <TemplateOverview data={data} />,
          },
          {
            key: 'screens',
            label: tabLabel(t('configure.middleware.tab.screens'), data.screens.length),
            children: (
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={12}>
                  <ScreenList template={tpl} kind="web" screens={data.screens} canDesign={can.design} />
                </Col>
                <Col xs={24} lg={12}>
                  <ScreenList template={tpl} kind="mobile" screens={data.screens} canDesign={can.design} />
                </Col>
              </Row>
            ),
          },
          {
            key: 'dataSources',
            label: tabLabel(t('configure.middleware.tab.dataSources'), data.data_sources.total),
            children: (
              <DataSourcesPanel
                templateId={tpl.id}
                dataVersion={tpl.data_version}
                canEdit={tpl.permissions.includes('data_source')}
                canExport={tpl.permissions.includes('export')}
              />
            ),
          },
          {
            key: 'monitorTables',
            label: tabLabel(t('configure.middleware.tab.monitorTables'), data.monitor_tables),
            children: <MonitorTableList templateId={tpl.id} canDesign={can.design} />,
          },
          {
            key: 'cameras',
            label: t('configure.middleware.tab.cameras'),
            // Keyed by the template: another template's page starts from its own stored slots, not this draft.
            children: <TemplateCameras key={tpl.id} templateId={tpl.id} canDesign={can.design} />,
          },
          {
            key: 'devices',
            label: tabLabel(t('configure.middleware.tab.devices'), data.devices.length),
            children: <TemplateDevices templateId={tpl.id} devices={data.devices} canBind={can.bind} />,
          },
        ]}
      />
      <TemplateFormModal open={editing} template={tpl} onClose={() => setEditing(false)} />
    </div>
  );
}
