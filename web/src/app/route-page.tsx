// A route's page, drawn again only when its own route changes. React Router's data router gives every rendered route
// a new route context (and a new page element) on each change of its state: a navigation starting ("loading"), a
// loader's answer, a revalidation. Every page under it that reads its params or navigates (useParams, useNavigate)
// was drawn again each time, the page being left included: benchmark B7 measured the template overview, drawn again
// for 50 ms as "Open in designer" began, holding back the designer's own first render by as much. Here the page
// keeps its route context while its matches name the same routes, paths and params and its outlet stays the same,
// and the page is memoised, so a state change that does not concern it passes it by. Other params draw it as before;
// the location (a search), the navigation state and loader data are read from their own contexts, which this does
// not hold back.
import { memo, useContext, useState, type ComponentType } from 'react';
import { UNSAFE_RouteContext as RouteContext } from 'react-router';

type RouteContextValue = React.ContextType<typeof RouteContext>;
type Match = RouteContextValue['matches'][number];

function sameParams(a: Match['params'], b: Match['params']): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

// The router copies each match on every render: the same match is the same route at the same path and params.
const sameMatch = (a: Match, b: Match | undefined): boolean =>
  a.route === b?.route &&
  a.pathname === b.pathname &&
  a.pathnameBase === b.pathnameBase &&
  sameParams(a.params, b.params);

function sameRoute(a: RouteContextValue, b: RouteContextValue): boolean {
  return (
    a.outlet === b.outlet &&
    a.isDataRoute === b.isDataRoute &&
    a.matches.length === b.matches.length &&
    a.matches.every((match, i) => sameMatch(match, b.matches[i]))
  );
}

export function routePage(Page: ComponentType): ComponentType {
  const Memoised = memo(Page);
  function RoutePage() {
    const current = useContext(RouteContext);
    const [held, setHeld] = useState(current);
    const same = sameRoute(held, current);
    if (!same) setHeld(current);
    return (
      <RouteContext.Provider value={same ? held : current}>
        <Memoised />
      </RouteContext.Provider>
    );
  }
  RoutePage.displayName = `RoutePage(${Page.displayName ?? Page.name})`;
  return RoutePage;
}
