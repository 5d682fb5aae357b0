// 401: a route the user's roles do not open; reached with history replaced, so there is no way back.
import { ExceptionResult } from '../components/exception-result';

export default function UnauthorizedPage() {
  return <ExceptionResult status="403" titleKey="exception.401.title" subtitleKey="exception.401.subtitle" />;
}
