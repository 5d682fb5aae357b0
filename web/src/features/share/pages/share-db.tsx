// A shared dashboard (/share-db?token=…, open without logging in, issue 31 point 5): the link opens once (GET
// /yun/shared/dashboard counts a use) and answers the dashboard as its creator sees it now; the page shows it full
// size in its theme, its cards reading through the link's share source (/yun/shared/dashboard/* and the link's own
// socket), with the link's starting device and group as the trees' first choice, kept in the address like the
// console's linkage (`?device=`, `?group=`). A narrow screen gets the phone layout. The socket stays open while the
// page shows, so the moment the link is disabled, deleted, reset or expires the server ends it and the page shows
// the ended state; an invalid, used-up or refused link shows its code and message in place of the dashboard.
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';

import { LanguageSwitch } from '@/components/language-switch';
import { shareOpen, ShareOpening } from '@/components/share-ended';
import { useFullscreen } from '@/components/use-fullscreen';
import { DashboardSourceProvider } from '@/dashboards/data/source';
import { createShareSource } from '@/dashboards/data/share-source';
import { DashboardView, useLinkage } from '@/dashboards/view';
import { LINK_PARAMS } from '@/dashboards/view/use-linkage';
import { createSharedRtd } from '@/lib/share-links/shared-rtd';
import { useSharedDashboard, type SharedDashboardOut } from '../api/shared';
import '../share.css';

/** The address with the link's starting device and group when it names neither yet (a reload or a shared address
 * keeps its own choice), else null. Both keys are written, empty for none, so the choice stays the visitor's once
 * made: a tree never removes the device, and "all devices" removes only the group. */
function withStartingChoice(search: URLSearchParams, opened: SharedDashboardOut): string | null {
  if (opened.device_id === null && opened.group_id === null) return null;
  if (search.has(LINK_PARAMS.device) || search.has(LINK_PARAMS.group)) return null;
  const next = new URLSearchParams(search);
  next.set(LINK_PARAMS.device, opened.device_id === null ? '' : String(opened.device_id));
  next.set(LINK_PARAMS.group, opened.group_id === null ? '' : String(opened.group_id));
  return `?${next.toString()}`;
}

function SharedDashboard({ opened }: { opened: SharedDashboardOut }) {
  const { t } = useTranslation();
  const linkage = useLinkage();
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const label = t(fullscreen.full ? 'share.viewer.exitFullscreen' : 'share.viewer.fullscreen');
  return (
    <div ref={stage} className="share-db" data-testid="share-db">
      <DashboardView dashboard={opened.dashboard} linkage={linkage} />
      <div className="share-db__tools">
        {fullscreen.available && (
          <Tooltip title={label}>
            <Button
              size="small"
              icon={fullscreen.full ? <CompressOutlined /> : <ExpandOutlined />}
              aria-label={label}
              onClick={fullscreen.toggle}
            />
          </Tooltip>
        )}
        <LanguageSwitch compact />
      </div>
    </div>
  );
}

export default function ShareDashboardPage() {
  const [search] = useSearchParams();
  const token = (search.get('token') ?? '').trim();
  const opened = useSharedDashboard(token);
  const [endedWith, setEndedWith] = useState<number | null>(null);

  // One socket and one source per link, gone with the page; the first end wins.
  const source = useMemo(() => {
    const end = (code: number) => setEndedWith((held) => held ?? code);
    return createShareSource({ token, rtd: createSharedRtd({ token, onEnded: end }), onEnded: end });
  }, [token]);
  useEffect(() => () => source.rtd().dispose(), [source]);
  // The socket stays open while the dashboard shows, whatever its cards follow: the link's end reaches it at once.
  const shown = opened.data !== undefined && endedWith === null;
  useEffect(() => (shown ? source.rtd().subscribeAlarms(() => undefined) : undefined), [source, shown]);

  const opening = { token, opened, endedWith: endedWith };
  if (!shareOpen(opening) || !opened.data)
    return (
      <ShareOpening {...opening} stateClass="share-page share-page--state" spinClass="share-page__spin" />
    );
  const start = withStartingChoice(search, opened.data);
  if (start !== null) return <Navigate replace to={{ search: start }} />;
  return (
    <DashboardSourceProvider source={source}>
      <SharedDashboard opened={opened.data} />
    </DashboardSourceProvider>
  );
}
