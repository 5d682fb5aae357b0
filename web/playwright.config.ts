// Browser tests (`npm run e2e`): Playwright's runner driving Debian's chromium against a fresh demo server.
import { existsSync } from 'node:fs';

import { defineConfig } from '@playwright/test';

const CI = process.env.CI === 'true';
const PORT = Number(process.env.E2E_PORT ?? 8181);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The console must be built; `make test` builds it first, a bare `npm run e2e` builds it only when missing.
const serve = existsSync(new URL('./dist/index.html', import.meta.url))
  ? 'bash e2e/serve.sh'
  : 'npm run build && bash e2e/serve.sh';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: serve,
    url: `${BASE_URL}/api/yun/sys/info/timestamp`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets serve.sh remove its temporary data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
