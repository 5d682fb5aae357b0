// The exception pages (401, 403, 404) show inside the console layout once signed in: a page the user may not open
// keeps the menu, so the way on is one click away. Signed out, they stand alone.
import { Outlet } from 'react-router';

import { useSession } from '@/lib/session';
import { ConsoleLayout } from './console-layout';

export default function ExceptionShell() {
  const token = useSession((s) => s.token);
  return token ? <ConsoleLayout /> : <Outlet />;
}
