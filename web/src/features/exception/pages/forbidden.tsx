// 403: unknown routes land here; the only way on is back home.
import { ExceptionResult } from '../components/exception-result';

export default function ForbiddenPage() {
  return <ExceptionResult status="403" titleKey="exception.403.title" subtitleKey="exception.403.subtitle" />;
}
