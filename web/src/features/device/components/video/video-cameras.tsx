// The bound account's cameras on /fluoriteCloudCamera (issue 38 point 3): one tile each (name, serial and channel,
// online), and the chosen camera's live stream played above them; loading, empty and failed states.
import { Alert, Button, Card, Empty, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { VideoPlayer } from '@/components/video/video-player';
import { useLiveAddress, useVideoCameras, type VideoCamera } from '@/lib/video/video-cloud';
import { videoErrorText } from './video-account-card';

function cameraKey(camera: Pick<VideoCamera, 'serial' | 'channel'>): string {
  return `${camera.serial}/${String(camera.channel)}`;
}

function LivePanel({ camera }: { camera: VideoCamera }) {
  const { t } = useTranslation();
  const live = useLiveAddress(camera.serial, camera.channel);
  return (
    <div className="video-cloud__live" data-camera={cameraKey(camera)}>
      <div className="video-cloud__live-title">
        {camera.name} <span className="text-secondary">{cameraKey(camera)}</span>
      </div>
      {live.error ? <Alert type="error" showIcon title={videoErrorText(live.error)} /> : null}
      <div className="video-cloud__player">
        <VideoPlayer src={live.data?.url ?? null} waiting={live.isPending && !live.error} />
      </div>
      <span className="text-secondary">{t('video.cloud.liveHint')}</span>
    </div>
  );
}

export function VideoCameras() {
  const { t } = useTranslation();
  const cameras = useVideoCameras(true);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = cameras.data ?? [];
  const playing = list.find((camera) => cameraKey(camera) === chosen) ?? null;
  return (
    <Card title={t('video.cloud.cameras')} loading={cameras.isPending} className="video-cloud__card">
      {cameras.error ? (
        <Alert
          type="error"
          showIcon
          title={videoErrorText(cameras.error)}
          action={
            <Button size="small" onClick={() => void cameras.refetch()}>
              {t('video.player.retry')}
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <Empty description={t('video.cloud.noCameras')} />
      ) : (
        <>
          {playing && <LivePanel key={cameraKey(playing)} camera={playing} />}
          <ul className="video-cloud__cameras">
            {list.map((camera) => {
              const key = cameraKey(camera);
              return (
                <li key={key} className="video-cloud__camera">
                  <div className="video-cloud__camera-name">{camera.name}</div>
                  <div className="text-secondary">{key}</div>
                  <Tag color={camera.online ? 'green' : 'default'}>
                    {t(camera.online ? 'video.cloud.online' : 'video.cloud.offline')}
                  </Tag>
                  <Button
                    size="small"
                    type={key === chosen ? 'primary' : 'default'}
                    onClick={() => {
                      setChosen(key);
                    }}
                  >
                    {t('video.cloud.play')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Card>
  );
}
