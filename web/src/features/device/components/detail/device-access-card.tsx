// Device access: the MQTT broker, configuration path and topics a site's gateway needs (GET /dev/access).
import { ApiOutlined } from '@ant-design/icons';
import { Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { useDeviceAccess } from '../../api/get-device-access';

export function DeviceAccessCard({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const access = useDeviceAccess();
  const data = access.data;

  return (
    <Card
      title={
        <span>
          <ApiOutlined /> {t('telemetry.access.title')}
        </span>
      }
      className="devreg-section"
    >
      <Typography.Paragraph type="secondary">{t('telemetry.access.hint')}</Typography.Paragraph>
      {access.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : !data ? (
        <Typography.Text type="danger">{t('telemetry.access.loadFailed')}</Typography.Text>
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'broker',
              label: t('telemetry.access.broker'),
              children: (
                <span>
                  <Typography.Text copyable className="devreg-mono">
                    {`${data.mqtt_host}:${data.mqtt_port}`}
                  </Typography.Text>{' '}
                  <Tag variant="filled">
                    {data.embedded ? t('telemetry.access.embedded') : t('telemetry.access.external')}
                  </Tag>
                </span>
              ),
            },
            {
              key: 'config',
              label: t('telemetry.access.configPath'),
              children: (
                <Typography.Text copyable className="devreg-mono">
                  {data.config_path}
                </Typography.Text>
              ),
            },
            {
              key: 'prefix',
              label: t('telemetry.access.topicPrefix'),
              children: <span className="devreg-mono">{data.topic_prefix}</span>,
            },
            {
              key: 'topic',
              label: t('telemetry.access.deviceTopic'),
              children: (
                <Typography.Text copyable className="devreg-mono">
                  {`${data.topic_prefix}${sn}/#`}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
