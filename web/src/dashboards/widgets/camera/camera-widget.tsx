// The camera card: the device's camera played by the console's one player (components/video). Unseen it plays
// nothing; a camera that fails shows "invalid video address" in this card only, the other cards keep running.
import { useTranslation } from 'react-i18next';

import { VideoPlayer } from '@/components/video/video-player';
import { useCameraAddress } from '@/lib/video/video-cloud';
import { useDashboardSource } from '../../data/source';
import { targetDevice } from '../../data/target';
import { WidgetState } from '../../data/widget-state';
import type { WidgetProps } from '../types';
import '../common/widgets.css';

function CameraPlayer({
  deviceId,
  source,
  slot,
  muted,
}: {
  deviceId: number;
  source: 'slot' | 'device';
  slot: number;
  muted: boolean;
}) {
  const dashboard = useDashboardSource();
  // A shared page asks the link for the address in one call; the console reads the template's slots first.
  const share = dashboard.feed.shareToken ?? null;
  const slotted = source === 'slot' && share === null;
  const screens = dashboard.useScreens(slotted ? deviceId : null, slotted);
  const templateId = screens.data?.template_id ?? null;
  const address = useCameraAddress(source, slot, deviceId, templateId, { dashboardRequest: true, share });
  const waiting = address.waiting || (slotted && screens.isPending);
  return <VideoPlayer src={address.url} waiting={waiting} muted={muted} />;
}

export default function CameraWidget({ card, settings, visible, linkage }: WidgetProps<'camera'>) {
  const { t } = useTranslation();
  const deviceId = targetDevice(card.link, settings.device_id, linkage);
  if (deviceId === null) return <WidgetState kind="empty" title={t('video.camera.noDevice')} />;
  if (!visible) return null;
  return (
    <div className="dbw-camera">
      <CameraPlayer
        key={deviceId}
        deviceId={deviceId}
        source={settings.source}
        slot={settings.slot}
        muted={settings.muted}
      />
    </div>
  );
}
