// Test helper: a signed-in session without a login round trip.
import { logout, sessionStore, type SessionState } from '@/lib/session';

/** Signs in an administrator (user 1) holding `permissions`, with `over` for the rest of the session. */
export function signInAs(permissions: string[], over: Partial<SessionState> = {}): void {
  logout();
  sessionStore.setState({
    token: 't',
    userId: '1',
    roles: ['administrator'],
    permissions,
    rolesLoaded: true,
    ...over,
  });
}
