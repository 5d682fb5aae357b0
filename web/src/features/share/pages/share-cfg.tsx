// A shared configuration (/share-cfg?token=…, open without logging in, SPEC §2): the link opens once (a use counted),
// its creator's name and rights go to the share store (never the session), then the chosen device's screens show
// live through the link's own endpoints and socket. The device chosen is in the URL (`device_id`). An invalid,
// revoked, expired or used-up link shows its code and message in place of the page, at open or whenever a later
// request or the live channel says so.
import { Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ShareEnded, ShareFailed } from '@/components/share-ended';
import { createShareFeedSource } from '@/designer/runtime/share-feed-source';
import { isApiError } from '@/lib/http';
import { SHARE_LINK_INVALID, shareEndCode } from '@/lib/share-links/share-codes';
import { createSharedRtd } from '@/lib/share-links/shared-rtd';
import { useSharedLink } from '../api/shared';
import { ShareViewer } from '../components/share-viewer';
import { endShare, resetShare, setOpenedLink, useShare } from '../lib/share-store';
import '../share.css';

export default function ShareConfigurationPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const token = (search.get('token') ?? '').trim();
  const opened = useSharedLink(token);
  const endedLater = useShare((s) => s.endedWith);

  // One socket per link, closed when the page goes.
  const source = useMemo(
    () =>
      createShareFeedSource({ token, rtd: createSharedRtd({ token, onEnded: endShare }), onEnded: endShare }),
    [token],
  );
  useEffect(() => () => source.rtd().dispose(), [source]);

  useEffect(() => {
    if (opened.data) setOpenedLink(token, opened.data);
  }, [token, opened.data]);
  useEffect(() => () => resetShare(), [token]);

  const openCode = token === '' ? SHARE_LINK_INVALID : shareEndCode(opened.error);
  const ended = openCode ?? endedLater;
  if (ended !== null) return <ShareEnded code={ended} />;
  if (opened.isError)
    return (
      <ShareFailed
        detail={isApiError(opened.error) ? opened.error.detail : undefined}
        onRetry={() => void opened.refetch()}
      />
    );
  if (!opened.data)
    return (
      <div className="share-page share-page--state">
        <Spin size="large" description={t('share.viewer.opening')}>
          <div className="share-page__spin" />
        </Spin>
      </div>
    );

  const { devices } = opened.data;
  const wanted = Number(search.get('device_id'));
  const device = devices.find((d) => d.id === wanted) ?? devices[0];
  if (!device) return <ShareEnded code={118302} />;

  const choose = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('device_id', String(id));
    setSearch(next, { replace: true });
  };

  return <ShareViewer opened={opened.data} deviceId={device.id} onChoose={choose} source={source} />;
}
