// Root route element: document title, navigation progress bar, and the '/' and unknown-path redirects.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useMatches, useNavigation, type UIMatch } from 'react-router';

import { useBrand } from '@/lib/brand/brand';
import { useSession } from '@/lib/session';
import { isRouteHandle } from './route-objects';

/** i18n key of the deepest matched route that has a title. */
export function deepestMenuKey(matches: readonly Pick<UIMatch, 'handle'>[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle: unknown = matches[i]?.handle;
    if (isRouteHandle(handle) && handle.menu) return handle.menu;
  }
  return undefined;
}

export function RootShell() {
  const { t } = useTranslation();
  const matches = useMatches();
  const navigation = useNavigation();
  const titleKey = deepestMenuKey(matches);
  const brandName = useBrand((b) => b.name);
  const product = brandName || t('common.product.name');
  const title = titleKey ? `${t(titleKey)} - ${product}` : product;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-hidden="true" />
      )}
      <Outlet />
    </>
  );
}

/** '/' goes to /login, or to the default page when already signed in. */
export function RootRedirect() {
  const token = useSession((s) => s.token);
  const defaultPage = useSession((s) => s.defaultPage);
  return <Navigate to={token ? defaultPage || '/index' : '/login'} replace />;
}

export function UnknownRoute() {
  return <Navigate to="/exception/403" replace />;
}
