// The overview tab of a template: its facts, data source counts by type, publication and history.
import {
  Badge,
  Card,
  Col,
  Descriptions,
  Empty,
  Row,
  Space,
  Statistic,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';

import { historyActionKey, historySubject } from '../lib/history';
import { formatSize } from '@/lib/screen-size';
import { formatTime } from '../lib/template-format';
import type { MiddlewareOut } from '../types';
import { TemplateStateTag } from './template-state-tag';
import { orEmpty } from '@/lib/empty';

export function TemplateOverview({ data }: { data: MiddlewareOut }) {
  const { t } = useTranslation();
  const tpl = data.template;
  const byType = Object.entries(data.data_sources.by_type).sort(([, a], [, b]) => b - a);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Space orientation="vertical" size={16} className="tpl-block">
          <Card title={t('configure.middleware.facts')} size="small" className="tpl-section">
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              items={[
                {
                  key: 'type',
                  label: t('configure.template.field.type'),
                  children: t(`configure.template.type.${tpl.type}`),
                },
                {
                  key: 'dataVersion',
                  label: t('configure.template.field.dataVersion'),
                  children: tpl.data_version,
                },
                {
                  key: 'softType',
                  label: t('configure.template.field.softType'),
                  children: orEmpty(tpl.soft_type),
                },
                {
                  key: 'source',
                  label: t('configure.template.field.source'),
                  children: t(`configure.template.source.${tpl.source === 'share' ? 'share' : 'create'}`),
                },
                {
                  key: 'web',
                  label: t('configure.template.field.webSize'),
                  children: formatSize(tpl.width, tpl.height),
                },
                {
                  key: 'mobile',
                  label: t('configure.template.field.mobileSize'),
                  children: formatSize(tpl.mobile_width, tpl.mobile_height),
                },
                {
                  key: 'owner',
                  label: t('configure.template.field.owner'),
                  children: orEmpty(tpl.owner_name),
                },
                {
                  key: 'screens',
                  label: t('configure.template.field.screens'),
                  children: t('configure.template.screenCount', {
                    web: tpl.web_screens,
                    mobile: tpl.mobile_screens,
                  }),
                },
                {
                  key: 'created',
                  label: t('configure.template.field.createdAt'),
                  children: formatTime(tpl.created_at),
                },
                {
                  key: 'updated',
                  label: t('configure.template.field.updatedAt'),
                  children: formatTime(tpl.updated_at),
                },
                {
                  key: 'description',
                  label: t('configure.template.field.description'),
                  span: 'filled',
                  children: orEmpty(tpl.description),
                },
              ]}
            />
          </Card>
          <Card title={t('configure.middleware.dataSources')} size="small" className="tpl-section">
            <div className="tpl-ds-summary">
              <Statistic title={t('configure.template.field.dataSources')} value={data.data_sources.total} />
              <Statistic title={t('configure.middleware.dataSourceGroupsTitle')} value={data.groups.length} />
              <div className="tpl-ds-summary__types">
                {byType.length === 0 ? (
                  <Typography.Text type="secondary">
                    {t('configure.middleware.noDataSources')}
                  </Typography.Text>
                ) : (
                  byType.map(([type, count]) => (
                    <Tag key={type} variant="filled" className="tpl-ds-type">
                      <span className="tpl-mono">{type}</span>
                      <span className="tpl-ds-type__count">{count}</span>
                    </Tag>
                  ))
                )}
              </div>
            </div>
          </Card>
        </Space>
      </Col>
      <Col xs={24} xl={8}>
        <Space orientation="vertical" size={16} className="tpl-block">
          <Card title={t('configure.middleware.publication')} size="small" className="tpl-section">
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'state',
                  label: t('configure.template.field.state'),
                  children: <TemplateStateTag template={tpl} />,
                },
                ...(data.publication
                  ? [
                      {
                        key: 'version',
                        label: t('configure.middleware.publishedVersion'),
                        children: t('configure.middleware.historyVersion', {
                          version: data.publication.release,
                        }),
                      },
                      {
                        key: 'at',
                        label: t('configure.middleware.publishedAt'),
                        children: formatTime(data.publication.published_at),
                      },
                      {
                        key: 'by',
                        label: t('configure.middleware.publishedBy'),
                        children: orEmpty(data.publication.published_by),
                      },
                    ]
                  : []),
                {
                  key: 'current',
                  label: t('configure.middleware.currentVersion'),
                  children: t('configure.middleware.revision', { revision: tpl.version }),
                },
                {
                  key: 'bound',
                  label: t('configure.template.field.boundDevices'),
                  children: tpl.bound_count,
                },
              ]}
            />
          </Card>
          <Card title={t('configure.middleware.history')} size="small" className="tpl-section tpl-history">
            {data.history.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('configure.middleware.noHistory')} />
            ) : (
              <Timeline
                className="tpl-history__list"
                items={data.history.map((entry, index) => {
                  const key = historyActionKey(entry.action);
                  const subject = historySubject(entry.detail);
                  return {
                    key: `${String(entry.created_at)}-${String(index)}`,
                    color:
                      entry.action === 'publish' ? 'green' : entry.action === 'unpublish' ? 'red' : 'blue',
                    content: (
                      <div className="tpl-history__entry">
                        <div>
                          <Typography.Text>
                            {key ? t(key) : t('configure.middleware.action.other')}
                          </Typography.Text>
                          {subject && (
                            <Typography.Text type="secondary" className="tpl-history__subject">
                              {subject}
                            </Typography.Text>
                          )}
                          {entry.action === 'publish' && typeof entry.detail.release === 'number' && (
                            <Badge
                              className="tpl-history__subject"
                              color="green"
                              text={t('configure.middleware.historyVersion', {
                                version: entry.detail.release,
                              })}
                            />
                          )}
                        </div>
                        <Typography.Text type="secondary" className="tpl-history__meta">
                          {entry.user_name ? `${entry.user_name} · ` : ''}
                          {formatTime(entry.created_at)}
                        </Typography.Text>
                      </div>
                    ),
                  };
                })}
              />
            )}
          </Card>
        </Space>
      </Col>
    </Row>
  );
}
