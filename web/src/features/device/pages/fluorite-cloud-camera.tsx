// /fluoriteCloudCamera, "Third-party account (video cloud)" (SPEC §2; issue 38 point 3; docs/api-video.md): the
// tenant's video cloud account bound with an app key and its secret, or unbound; its cameras, and a camera's live
// stream played. The local provider (the default) needs no internet: its cameras play the demo's own stream.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

import { LanguageSwitch } from '@/components/language-switch';
import { PageHeader } from '@/components/page-header';
import { useVideoAccount } from '@/lib/video/video-cloud';
import { VideoAccountCard } from '../components/video/video-account-card';
import { VideoCameras } from '../components/video/video-cameras';
import '../components/video/video-cloud.css';

export default function FluoriteCloudCameraPage() {
  const { t } = useTranslation();
  const account = useVideoAccount();
  return (
    <div className="page page--standalone video-cloud">
      <PageHeader
        title={t('menu.fluoriteCloudCamera')}
        subTitle={t('video.cloud.subtitle')}
        extra={
          <>
            <Link to="/index">{t('video.cloud.back')}</Link>
            <LanguageSwitch />
          </>
        }
      />
      <VideoAccountCard
        account={account.data}
        loading={account.isPending}
        error={account.error}
        onRetry={() => void account.refetch()}
      />
      {account.data && <VideoCameras />}
    </div>
  );
}
