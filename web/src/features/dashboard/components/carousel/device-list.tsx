// A carousel group's devices in rotation order: online state, whether there is a screen to show (with a hint when
// not), move up / down, remove, and add more with the device picker. Choosing a device shows it on the stage.
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  ReloadOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { onEnter } from '@/components/group-list';
import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { CAROUSEL_DEVICES_PER_GROUP_MAX } from '@/types/limits.gen';
import { useSetCarouselDevices } from '../../api/set-carousel-devices';
import type { CarouselDevice, CarouselGroup } from '../../types';
import { AddDevicesModal } from './add-devices-modal';
import { StateBadge } from './carousel-stage';
import { deviceName } from './device-name';

interface DeviceListProps {
  group: CarouselGroup;
  devices: CarouselDevice[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  shownId: number | undefined;
  onShow: (deviceId: number) => void;
}

export function DeviceList({ group, devices, loading, error, onRetry, shownId, onShow }: DeviceListProps) {
  const { t } = useTranslation();
  const setDevices = useSetCarouselDevices();
  const [adding, setAdding] = useState(false);
  const ids = devices.map((d) => d.device_id);

  const save = (deviceIds: number[]) => {
    setDevices.mutateAsync({ groupId: group.id, deviceIds }).catch((e: unknown) => {
      toast.error(isApiError(e) ? e.detail : t('dashboard.carousel.device.saveFailed'));
    });
  };
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    save(next);
  };

  const full = devices.length >= CAROUSEL_DEVICES_PER_GROUP_MAX;
  const body = () => {
    if (loading) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
    if (error)
      return (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.carousel.device.loadFailed')}>
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('dashboard.carousel.retry')}
          </Button>
        </Empty>
      );
    if (devices.length === 0)
      return (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.carousel.device.empty')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('dashboard.carousel.device.add')}
          </Button>
        </Empty>
      );
    return (
      <ol
        className="carousel-devices"
        aria-label={t('dashboard.carousel.device.listLabel', { name: group.name })}
      >
        {devices.map((d, i) => {
          const name = deviceName(d, t);
          return (
            <li
              key={d.device_id}
              className={`carousel-devices__item${d.device_id === shownId ? ' carousel-devices__item--shown' : ''}`}
              aria-current={d.device_id === shownId ? 'true' : undefined}
              tabIndex={0}
              onClick={() => onShow(d.device_id)}
              onKeyDown={onEnter(() => onShow(d.device_id))}
            >
              <span className="carousel-devices__order">{i + 1}</span>
              <span className="carousel-devices__main">
                <Typography.Text ellipsis className="carousel-devices__name" title={name}>
                  {name}
                </Typography.Text>
                <span className="carousel-devices__meta">
                  <StateBadge device={d} />
                  {d.available && !d.has_main_screen && (
                    <Tooltip title={t('dashboard.carousel.device.noScreenHint')}>
                      <Tag color="warning" variant="filled" icon={<WarningOutlined />}>
                        {t('dashboard.carousel.device.noScreen')}
                      </Tag>
                    </Tooltip>
                  )}
                </span>
              </span>
              <span
                className="carousel-devices__actions"
                onClick={(e) => e.stopPropagation()}
                onKeyDown={(e) => e.stopPropagation()}
              >
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('dashboard.carousel.device.up', { name })}
                  disabled={i === 0 || setDevices.isPending}
                  onClick={() => move(i, i - 1)}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('dashboard.carousel.device.down', { name })}
                  disabled={i === devices.length - 1 || setDevices.isPending}
                  onClick={() => move(i, i + 1)}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('dashboard.carousel.device.remove', { name })}
                  disabled={setDevices.isPending}
                  onClick={() => save(ids.filter((id) => id !== d.device_id))}
                />
              </span>
            </li>
          );
        })}
      </ol>
    );
  };

  return (
    <Card
      size="small"
      className="carousel-devices-card"
      title={t('dashboard.carousel.device.title', {
        count: devices.length,
        max: CAROUSEL_DEVICES_PER_GROUP_MAX,
      })}
      extra={
        devices.length > 0 && (
          <Tooltip title={full ? t('dashboard.carousel.device.full') : undefined}>
            <Button size="small" icon={<PlusOutlined />} disabled={full} onClick={() => setAdding(true)}>
              {t('dashboard.carousel.device.add')}
            </Button>
          </Tooltip>
        )
      }
    >
      {body()}
      <AddDevicesModal open={adding} groupId={group.id} devices={devices} onClose={() => setAdding(false)} />
    </Card>
  );
}
