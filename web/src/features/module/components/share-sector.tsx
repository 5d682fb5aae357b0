// Sharing a business sector (issue 31 point 6): the share-link dialog for a sector link (link type 3, read-only: expiry,
// access limit, note, the device and group its dashboards' trees start on), whose address (/detail?token=) shows once.
// The sector list, the portal's tiles and a sector's presentation offer it to those with the share-link right
// (P82000); `useSectorShare` gives a page the action and the dialog to place. The dialog (its date and device pickers)
// loads with the first Share: the portal and a sector link's visitors never load it.
import { lazy, Suspense, useState, type ReactNode } from 'react';

import { useCan } from '@/components/can';
import type { SharedDashboardChoice } from '@/components/share-link-modal';
import { Perm } from '@/lib/permissions';

const ShareLinkModal = lazy(() =>
  import('@/components/share-link-modal').then((m) => ({ default: m.ShareLinkModal })),
);

export interface SectorShare {
  /** Whether the user may share (P82000); else `share` is never offered. */
  allowed: boolean;
  /** Opens the dialog on a sector. */
  share: (sector: SharedDashboardChoice) => void;
  /** The dialog, for the page to place. */
  dialog: ReactNode;
}

export function useSectorShare(): SectorShare {
  const allowed = useCan(Perm.SHARE_LINK);
  // The sector stays while the dialog closes, so its closing frames still show it.
  const [state, setState] = useState<{ open: boolean; sector: SharedDashboardChoice | null }>({
    open: false,
    sector: null,
  });
  return {
    allowed,
    share: (sector) => setState({ open: true, sector: { id: sector.id, name: sector.name } }),
    dialog: state.sector && (
      <Suspense fallback={null}>
        <ShareLinkModal
          open={state.open}
          link={null}
          sector={state.sector}
          onClose={() => setState((s) => ({ ...s, open: false }))}
        />
      </Suspense>
    ),
  };
}
