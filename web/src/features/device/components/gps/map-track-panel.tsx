// History track controls: device and time range (≤31 days) → GET /dev/gps/history, then play/pause, speed,
// a time slider and the current time of the playback.
import { CaretRightOutlined, CloseOutlined, PauseOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Empty, Form, Segmented, Slider, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { checkRange, MAX_TRACK_DAYS, PLAYBACK_SPEEDS, type PlaybackSpeed } from '../../lib/map-playback';
import type { TrackPoint } from '../../lib/monitor-types';
import { DevicePicker } from '@/components/pickers/device-picker';
import type { PickerDevice } from '@/components/pickers/picker-api';
import { zoned } from '@/lib/timezone';

export interface TrackRequest {
  device_id: number;
  start: number;
  end: number;
}

interface FormValues {
  device_id?: number;
  range?: [Dayjs, Dayjs];
}

export function MapTrackQuery({
  known,
  loading,
  onQuery,
  onClear,
  active,
  initialDevice,
}: {
  known: readonly PickerDevice[];
  loading: boolean;
  onQuery: (req: TrackRequest) => void;
  onClear: () => void;
  active: boolean;
  initialDevice: number | null;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (initialDevice !== null && form.getFieldValue('device_id') === undefined)
      form.setFieldValue('device_id', initialDevice);
  }, [initialDevice, form]);

  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      className="map-track__form"
      initialValues={{ range: [dayjs().subtract(1, 'day'), dayjs()] }}
      onFinish={(values) => {
        const [from, to] = values.range ?? [];
        if (values.device_id === undefined || !from || !to) return;
        const start = from.valueOf();
        const end = to.valueOf();
        const issue = checkRange(start, end);
        if (issue) {
          setProblem(
            issue === 'order'
              ? t('device.map.track.order')
              : t('device.map.track.tooLong', { days: MAX_TRACK_DAYS }),
          );
          return;
        }
        setProblem(null);
        onQuery({ device_id: values.device_id, start, end });
      }}
    >
      <Form.Item
        name="device_id"
        label={t('device.map.track.device')}
        rules={[{ required: true, message: t('device.map.track.deviceRequired') }]}
      >
        <DevicePicker
          known={known}
          className="map-track__device"
          placeholder={t('device.map.track.devicePlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('device.map.track.range')}
        rules={[{ required: true, message: t('device.map.track.rangeRequired') }]}
      >
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          disabledDate={(d, info) => {
            const from = info.from;
            if (d.isAfter(dayjs().endOf('day'))) return true;
            return from ? Math.abs(d.diff(from, 'day')) > MAX_TRACK_DAYS : false;
          }}
          presets={[
            { label: t('device.map.track.last24h'), value: [dayjs().subtract(1, 'day'), dayjs()] },
            { label: t('device.map.track.last7d'), value: [dayjs().subtract(7, 'day'), dayjs()] },
            { label: t('device.map.track.last30d'), value: [dayjs().subtract(30, 'day'), dayjs()] },
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
            {t('device.map.track.query')}
          </Button>
          {active && (
            <Button icon={<CloseOutlined />} onClick={onClear}>
              {t('device.map.track.clear')}
            </Button>
          )}
        </Space>
      </Form.Item>
      {problem && <Alert type="error" showIcon title={problem} className="map-track__problem" />}
    </Form>
  );
}

export function MapTrackEmpty() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.map.track.empty')} />;
}

/** Play/pause, speed, slider and clock of a loaded track; `time` is controlled by the page. */
export function MapPlayback({
  points,
  time,
  playing,
  speed,
  onTime,
  onPlaying,
  onSpeed,
}: {
  points: readonly TrackPoint[];
  time: number;
  playing: boolean;
  speed: PlaybackSpeed;
  onTime: (time: number) => void;
  onPlaying: (playing: boolean) => void;
  onSpeed: (speed: PlaybackSpeed) => void;
}) {
  const { t } = useTranslation();
  const start = points[0]?.time ?? 0;
  const end = points[points.length - 1]?.time ?? 0;
  const playRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="map-playback" role="group" aria-label={t('device.map.track.playback')}>
      <Button
        ref={playRef}
        type="primary"
        shape="circle"
        icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
        aria-label={playing ? t('device.map.track.pause') : t('device.map.track.play')}
        onClick={() => {
          if (!playing && time >= end) onTime(start);
          onPlaying(!playing);
        }}
      />
      <Segmented<PlaybackSpeed>
        size="small"
        value={speed}
        onChange={onSpeed}
        options={PLAYBACK_SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
        aria-label={t('device.map.track.speed')}
      />
      <Slider
        className="map-playback__slider"
        min={start}
        max={Math.max(end, start + 1)}
        value={time}
        step={1000}
        tooltip={{ formatter: (v) => (v === undefined ? '' : zoned(v).format('MM-DD HH:mm:ss')) }}
        onChange={(v) => {
          onPlaying(false);
          onTime(v);
        }}
        aria-label={t('device.map.track.position')}
      />
      <Typography.Text className="map-playback__clock" aria-live="off">
        {zoned(time).format('YYYY-MM-DD HH:mm:ss')}
      </Typography.Text>
      <Typography.Text type="secondary" className="map-playback__count">
        {t('device.map.track.points', { count: points.length })}
      </Typography.Text>
    </div>
  );
}
