// Centered loading indicator shown while the first route resolves (plain: it loads with every page, /login too).
import { PlainSpinner } from './plain-spinner';

export function FullPageSpinner() {
  return (
    <div className="full-page-spinner" role="status" aria-busy="true">
      <PlainSpinner size="large" />
    </div>
  );
}
