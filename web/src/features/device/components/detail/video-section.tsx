// The device's video address: played (components/video: HLS or a file the browser plays; any other address shows
// "invalid video address" on the player), shown, opened in a new tab, edited by the owner (http(s)/rtsp/rtmp/ws(s)).
import { EditOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormModal } from '@/components/form-modal';
import { perOpening } from '@/components/per-opening';
import { VideoPlayer } from '@/components/video/video-player';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdateDevice } from '../../api/update-device';
import { isValidVideoUrl, videoUrlRules } from '../../lib/rules';
import type { DeviceDetailOut } from '../../types';
import { VIDEO_URL_MAX } from '@/types/limits.gen';

/** Browsers open only http(s) addresses themselves; other streams are copied for a player. */
const opensInBrowser = (url: string) => /^https?:\/\//i.test(url);

export function VideoSection({ device }: { device: DeviceDetailOut }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const url = device.video_url;
  const owner = device.can_manage;

  return (
    <Card
      title={t('device.detail.video')}
      className="devreg-section"
      extra={
        owner && (
          <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setOpen(true)}>
            {t('device.action.edit')}
          </Button>
        )
      }
    >
      {url ? (
        <Space orientation="vertical" size={8} className="devreg-block">
          <div className="devreg-video">
            <VideoPlayer src={url} />
          </div>
          <Typography.Text copyable className="devreg-mono devreg-break">
            {url}
          </Typography.Text>
          {opensInBrowser(url) && isValidVideoUrl(url) ? (
            <Button icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
              {t('device.video.open')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('device.video.streamHint')}</Typography.Text>
          )}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.video.none')} />
      )}
      <VideoUrlModal open={open} deviceId={device.id} url={url} onClose={() => setOpen(false)} />
    </Card>
  );
}

/** The video address dialog, its form mounted anew at each opening (components/per-opening). */
const VideoUrlModal = perOpening(function VideoUrlModal({
  open,
  deviceId,
  url,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  url: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ video_url: string }>();
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateDevice();
  return (
    <FormModal<{ video_url: string }>
      open={open}
      title={t('device.video.editTitle')}
      width={520}
      form={form}
      name="device-video"
      initialValues={{ video_url: url }}
      loading={update.isPending}
      error={error}
      onErrorChange={setError}
      onClose={onClose}
      onFinish={async ({ video_url }) => {
        try {
          await update.mutateAsync({ id: deviceId, video_url: video_url.trim() });
          toast.success(t('device.video.saved'));
          onClose();
        } catch (e) {
          setError(applyServerError(form, e, ['video_url']));
        }
      }}
    >
      <Form.Item
        name="video_url"
        label={t('device.video.url')}
        rules={videoUrlRules(t)}
        extra={t('device.video.urlHint')}
      >
        <Input
          autoComplete="off"
          maxLength={VIDEO_URL_MAX}
          autoFocus
          allowClear
          placeholder="rtsp://192.168.1.10:554/stream1"
        />
      </Form.Item>
    </FormModal>
  );
});
