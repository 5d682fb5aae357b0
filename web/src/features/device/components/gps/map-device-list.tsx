// The side list of located devices on the map page: search, state dot, click or Enter pans to the marker.
import { EnvironmentOutlined } from '@ant-design/icons';
import { Empty, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { stateColor } from '@/components/map/markers';
import type { MapItem } from '../../lib/monitor-types';

export function MapDeviceList({
  devices,
  selectedId,
  onSelect,
}: {
  devices: readonly MapItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    if (!needle) return devices;
    return devices.filter((d) =>
      [d.alias, d.sn_code, d.address].some((s) => s.toLowerCase().includes(needle)),
    );
  }, [devices, q]);

  return (
    <div className="map-list">
      <Input.Search
        allowClear
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('device.map.list.search')}
        aria-label={t('device.map.list.search')}
      />
      <Typography.Text type="secondary" className="map-list__count">
        {t('device.map.list.count', { count: shown.length })}
      </Typography.Text>
      {shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={q ? t('device.map.list.noMatch') : t('device.map.list.empty')}
        />
      ) : (
        <ul className="map-list__items" aria-label={t('device.map.list.title')}>
          {shown.map((d) => (
            <li key={d.id}>
              <button
                type="button"
                className={d.id === selectedId ? 'map-list__item map-list__item--active' : 'map-list__item'}
                aria-pressed={d.id === selectedId}
                onClick={() => onSelect(d.id)}
              >
                <span
                  className="map-list__dot"
                  style={{ background: stateColor(d.dev_state, d.registered) }}
                />
                <span className="map-list__text">
                  <span className="map-list__name">{d.alias || d.sn_code}</span>
                  <span className="map-list__sub">
                    {d.sn_code}
                    {d.address ? ` · ${d.address}` : ''}
                  </span>
                </span>
                <EnvironmentOutlined className="map-list__icon" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
