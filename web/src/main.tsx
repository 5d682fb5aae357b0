// Entry point: i18n, the server clock for request signing, the brand of this host (lib/brand), then the app once the
// shell's texts are in.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { loadShellTexts } from '@/lib/i18n';
import '@/app/global.css';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { CLOCK_SYNC_INTERVAL_MS, TOAST_FADE_MS } from '@/lib/constants';
import { startServerClock } from '@/lib/http';
import { startBrand } from '@/lib/brand/brand';
import { loadHostBrand } from '@/lib/brand/host-brand';
import { installThemeVariables } from '@/lib/theme';

document.documentElement.style.setProperty('--iotyun-toast-fade', `${String(TOAST_FADE_MS)}ms`);
installThemeVariables();
startBrand();
void loadHostBrand();
startServerClock(CLOCK_SYNC_INTERVAL_MS);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The router starts before the first render: the first page's chunk loads while the shell's texts do, not after.
const router = createAppRouter();
// Rendered even when the texts failed to load: the pages' own loaders try them again.
void loadShellTexts()
  .catch(() => undefined)
  .then(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
