// The application: providers around the data router (created by main.tsx, see there).
import { RouterProvider } from 'react-router';

import { AppProviders } from './providers';
import type { createAppRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
