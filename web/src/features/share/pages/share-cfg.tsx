// A shared configuration (/share-cfg?token=…, open without logging in, SPEC §2): the link opens once (a use counted),
// its creator's name and rights go to the share store (never the session), then the chosen device's screens show
// live through the link's own endpoints and socket. The device chosen is in the URL (`device_id`). An invalid,
// revoked, expired or used-up link shows its code and message in place of the page, at open or whenever a later
// request or the live channel says so.
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { ShareEnded, shareOpen, ShareOpening } from '@/components/share-ended';
import { createShareFeedSource } from '@/designer/runtime/share-feed-source';
import { createSharedRtd } from '@/lib/share-links/shared-rtd';
import { useSharedLink } from '../api/shared';
import { ShareViewer } from '../components/share-viewer';
import { endShare, resetShare, setOpenedLink, useShare } from '../lib/share-store';
import '../share.css';

export default function ShareConfigurationPage() {
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

  const opening = { token, opened, endedWith: endedLater };
  if (!shareOpen(opening) || !opened.data)
    return (
      <ShareOpening {...opening} stateClass="share-page share-page--state" spinClass="share-page__spin" />
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
