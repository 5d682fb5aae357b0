// 404.
import { ExceptionResult } from '../components/exception-result';

export default function NotFoundPage() {
  return <ExceptionResult status="404" titleKey="exception.404.title" subtitleKey="exception.404.subtitle" />;
}
