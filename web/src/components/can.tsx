// Permission helpers for pages: hide what the user may not do (DESIGN §5.8).
import type { ReactNode } from 'react';

import { permitted } from '@/lib/permissions';
import { sessionCodes, useSession } from '@/lib/session';

/** True when the user holds any of the codes (permission or role). */
export function useCan(...perms: string[]): boolean {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  return permitted(perms, sessionCodes({ roles, permissions }));
}

interface CanProps {
  perm: string | string[];
  children: ReactNode;
  fallback?: ReactNode;
}

export function Can({ perm, children, fallback = null }: CanProps) {
  const allowed = useCan(...(Array.isArray(perm) ? perm : [perm]));
  return <>{allowed ? children : fallback}</>;
}
