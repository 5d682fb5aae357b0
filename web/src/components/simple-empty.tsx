// antd's Empty with its simple picture, loaded the first time one shows: a page that shows it only when something
// failed or there is nothing yet (the home page's cards) does not load it up front. Until it has come, its text.
import { lazy, Suspense, type ReactNode } from 'react';

const SimpleEmptyView = lazy(() => import('./simple-empty-view'));

interface SimpleEmptyProps {
  description: ReactNode;
  /** Below the text (a retry button). */
  children?: ReactNode;
}

export function SimpleEmpty({ description, children }: SimpleEmptyProps) {
  return (
    <Suspense fallback={<div className="simple-empty">{description}</div>}>
      <SimpleEmptyView description={description}>{children}</SimpleEmptyView>
    </Suspense>
  );
}
