// A sector link's presentation (/detail?token=…, open without logging in; issue 31 point 6): the link opens once (GET
// /yun/shared/sector counts a use) and answers the sector with its dashboards as the link's creator sees them; the
// page presents them as the signed-in /detail does (sector-presentation.tsx: tabs, rotation, full screen), each
// dashboard opened through the link (GET /yun/shared/dashboard?id=) and its cards reading through the link's share
// source with `dashboard=<id>`, starting on the link's device and group. One socket of the link's serves every
// dashboard and stays open while the page shows, so the moment the link is disabled, deleted, reset or expires the
// server ends it and the page shows the ended state; an invalid, used-up or refused link shows its code and message
// in place of the sector (components/share-ended.tsx, as /share-db and /share-cfg).
import { useCallback, useEffect, useMemo, useState } from 'react';

import { LanguageSwitch } from '@/components/language-switch';
import { shareOpen, ShareOpening } from '@/components/share-ended';
import { createSharedRtd } from '@/lib/share-links/shared-rtd';
import { useSharedSector } from '../api/open-shared-sector';
import { SectorPresentation } from '../components/sector-presentation';
import { SharedSectorStage, type SectorLinkContext } from '../components/sector-stage';
import '../components/module.css';

export function SharedSectorDetail({ token }: { token: string }) {
  const opened = useSharedSector(token);
  const [endedWith, setEndedWith] = useState<number | null>(null);
  // The first end wins.
  const end = useCallback((code: number) => setEndedWith((held) => held ?? code), []);

  // One socket per link, gone with the page.
  const rtd = useMemo(() => createSharedRtd({ token, onEnded: end }), [token, end]);
  useEffect(() => () => rtd.dispose(), [rtd]);
  // The socket stays open while the sector shows, whatever its cards follow: the link's end reaches it at once.
  const shown = opened.data !== undefined && endedWith === null;
  useEffect(() => (shown ? rtd.subscribeAlarms(() => undefined) : undefined), [rtd, shown]);

  const deviceId = opened.data?.device_id ?? null;
  const groupId = opened.data?.group_id ?? null;
  const link = useMemo<SectorLinkContext>(
    () => ({ token, rtd, onEnded: end, start: { deviceId, groupId } }),
    [token, rtd, end, deviceId, groupId],
  );

  const opening = { token, opened, endedWith: endedWith };
  if (!shareOpen(opening) || !opened.data)
    return (
      <ShareOpening
        {...opening}
        stateClass="sector-detail sector-detail--state"
        spinClass="sector-stage__spin"
      />
    );
  return (
    <SectorPresentation
      sector={opened.data.sector}
      tools={<LanguageSwitch compact tone="dark" />}
      renderStage={(d) => <SharedSectorStage dashboardId={d.id} name={d.name} link={link} />}
    />
  );
}
