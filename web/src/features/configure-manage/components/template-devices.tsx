// The devices tab of a template: the bound devices with state, firmware and data type support; a link to binding.
import { LinkOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Empty, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { deviceDetailPath, templateBindPath } from '../lib/template-paths';
import type { MiddlewareDevice } from '../types';
import { EMPTY } from '@/lib/empty';
import { DataTable } from '@/components/table/data-table';

interface TemplateDevicesProps {
  templateId: number;
  devices: readonly MiddlewareDevice[];
  /** Owner or the `bind` item. */
  canBind: boolean;
}

export function TemplateDevices({ templateId, devices, canBind }: TemplateDevicesProps) {
  const { t } = useTranslation();
  const manage = canBind && (
    <Link to={templateBindPath(templateId)}>
      <Button icon={<LinkOutlined />} tabIndex={-1}>
        {t('configure.middleware.devices.manage')}
      </Button>
    </Link>
  );

  const columns: TableColumnsType<MiddlewareDevice> = [
    {
      key: 'sn',
      title: t('configure.middleware.devices.sn'),
      render: (_: unknown, d) => (
        <Link to={deviceDetailPath(d.id)} className="tpl-mono">
          {d.sn_code}
        </Link>
      ),
    },
    {
      key: 'alias',
      dataIndex: 'alias',
      title: t('configure.middleware.devices.alias'),
      ellipsis: true,
      render: (alias: string) => alias || EMPTY,
    },
    {
      key: 'state',
      title: t('configure.middleware.devices.state'),
      width: 120,
      render: (_: unknown, d) =>
        d.dev_state === 1 ? (
          <Badge status="success" text={t('configure.middleware.devices.online')} />
        ) : d.dev_state === 2 ? (
          <Badge status="default" text={t('configure.middleware.devices.offline')} />
        ) : (
          <Badge status="warning" text={t('configure.middleware.devices.unregistered')} />
        ),
    },
    {
      key: 'firmware',
      title: t('configure.middleware.devices.firmware'),
      width: 140,
      render: (_: unknown, d) =>
        d.firmware_version ? (
          <span className="tpl-mono">{d.firmware_version}</span>
        ) : (
          <Typography.Text type="secondary">
            {t('configure.middleware.devices.unknownFirmware')}
          </Typography.Text>
        ),
    },
    {
      key: 'support',
      title: t('configure.middleware.devices.support'),
      render: (_: unknown, d) =>
        d.supported ? (
          <Tag color="success" variant="filled">
            {t('configure.middleware.devices.supported')}
          </Tag>
        ) : (
          <Tooltip title={d.missing_types.join(', ')}>
            <Tag color="error" variant="filled">
              {t('configure.middleware.devices.missing', { types: d.missing_types.join(', ') })}
            </Tag>
          </Tooltip>
        ),
    },
  ];

  return (
    <Card
      size="small"
      className="tpl-section"
      title={
        <span>
          {t('configure.middleware.devices.title')}
          <Typography.Text type="secondary" className="tpl-count">
            {t('configure.middleware.devices.count', { count: devices.length })}
          </Typography.Text>
        </span>
      }
      extra={devices.length > 0 && manage}
    >
      {devices.length === 0 ? (
        <Empty
          className="tpl-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <div>
              <div className="tpl-empty__title">{t('configure.middleware.devices.empty')}</div>
              <Typography.Text type="secondary">
                {t('configure.middleware.devices.emptyHint')}
              </Typography.Text>
            </div>
          }
        >
          {manage}
        </Empty>
      ) : (
        <DataTable<MiddlewareDevice>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={[...devices]}
          // Narrower than its columns (a phone), the table scrolls sideways instead of squeezing them.
          scroll={{ x: 'max-content' }}
          pagination={devices.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        />
      )}
    </Card>
  );
}
