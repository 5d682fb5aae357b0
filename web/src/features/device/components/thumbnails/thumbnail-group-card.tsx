// One thumbnail group on the equipment-monitoring overview: name, notes, online/offline counts and device tiles.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Empty, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { deviceStateKey, STATE_COLORS } from '@/components/map/markers';
import { formatTime } from '../../lib/format';
import type { ThumbnailGroup, ThumbnailItem } from '../../lib/monitor-types';
import { stateCounts, THUMBNAILS_PER_GROUP_MAX } from '../../lib/thumbnail-limits';
import { deviceDetailPath } from '../../lib/virtual-form';
import { EMPTY } from '@/lib/empty';

/** A device the user no longer reads (a share withdrawn, a transfer): marked unavailable, nothing of it shown. */
function GoneTile() {
  const { t } = useTranslation();
  return (
    <div className="thumb-tile thumb-tile--gone" role="group" aria-label={t('device.dashboard.gone')}>
      <span className="thumb-tile__head">
        <span className="thumb-tile__name">{t('device.dashboard.gone')}</span>
      </span>
      <span className="thumb-tile__hint">{t('device.dashboard.goneHint')}</span>
    </div>
  );
}

function Tile({ item }: { item: ThumbnailItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!item.available) return <GoneTile />;
  const state = deviceStateKey(item.dev_state, item.registered);
  return (
    <button
      type="button"
      className={`thumb-tile thumb-tile--${state}`}
      style={{ borderTopColor: STATE_COLORS[state] }}
      onClick={() => void navigate(deviceDetailPath(item.device_id))}
      aria-label={t('device.dashboard.tileLabel', {
        name: item.alias || item.sn_code,
        state: t(`device.map.state.${state}`),
      })}
    >
      <span className="thumb-tile__head">
        <span className="thumb-tile__name">{item.alias || item.sn_code}</span>
        <span className="thumb-tile__state" style={{ color: STATE_COLORS[state] }}>
          <span className="thumb-tile__dot" style={{ background: STATE_COLORS[state] }} />
          {t(`device.map.state.${state}`)}
        </span>
      </span>
      <span className="thumb-tile__row">
        <span className="thumb-tile__label">{t('device.dashboard.tile.sn')}</span>
        <span className="thumb-tile__value">{item.sn_code}</span>
      </span>
      <span className="thumb-tile__row">
        <span className="thumb-tile__label">{t('device.dashboard.tile.model')}</span>
        <span className="thumb-tile__value">{item.dev_model || EMPTY}</span>
      </span>
      <span className="thumb-tile__row">
        <span className="thumb-tile__label">{t('device.dashboard.tile.report')}</span>
        <span className="thumb-tile__value">{formatTime(item.report_time)}</span>
      </span>
    </button>
  );
}

export function ThumbnailGroupCard({
  group,
  onEdit,
  onDelete,
}: {
  group: ThumbnailGroup;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const counts = stateCounts(group.items);
  return (
    <Card
      className="thumb-group"
      title={
        <div className="thumb-group__title">
          <span className="thumb-group__name">{group.name}</span>
          {group.notes && (
            <Typography.Text
              type="secondary"
              className="thumb-group__notes"
              ellipsis={{ tooltip: group.notes }}
            >
              {group.notes}
            </Typography.Text>
          )}
        </div>
      }
      extra={
        <Space size={12} wrap>
          <Space size={4}>
            <Tag color="success" variant="filled">
              <Badge color={STATE_COLORS.online} /> {t('device.dashboard.online', { count: counts.online })}
            </Tag>
            <Tag variant="filled">
              <Badge color={STATE_COLORS.offline} />{' '}
              {t('device.dashboard.offline', { count: counts.offline })}
            </Tag>
            {counts.unregistered > 0 && (
              <Tag color="warning" variant="filled">
                {t('device.dashboard.unregistered', { count: counts.unregistered })}
              </Tag>
            )}
            <Typography.Text type="secondary" className="thumb-group__limit">
              {t('device.dashboard.deviceCount', {
                count: group.items.length,
                max: THUMBNAILS_PER_GROUP_MAX,
              })}
            </Typography.Text>
          </Space>
          <Space size={0}>
            <Tooltip title={t('device.dashboard.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={t('device.dashboard.edit')}
                onClick={onEdit}
              />
            </Tooltip>
            <Popconfirm
              title={t('device.dashboard.deleteConfirm', { name: group.name })}
              description={t('device.dashboard.deleteHint')}
              okText={t('device.dashboard.delete')}
              cancelText={t('common.action.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => {
                void onDelete();
              }}
            >
              <Tooltip title={t('device.dashboard.delete')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('device.dashboard.delete')}
                />
              </Tooltip>
            </Popconfirm>
          </Space>
        </Space>
      }
    >
      {group.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.dashboard.groupEmpty')}>
          <Button icon={<PlusOutlined />} onClick={onEdit}>
            {t('device.dashboard.addDevices')}
          </Button>
        </Empty>
      ) : (
        <div className="thumb-grid">
          {group.items.map((item) => (
            <Tile key={item.device_id} item={item} />
          ))}
        </div>
      )}
    </Card>
  );
}
