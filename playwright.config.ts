import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, chromiumPath, hasChromium } from './tests/e2e/chromium';
import {
  E2E_PORT_OFFSETS,
  e2ePort,
  OIDC_E2E_CLIENTS,
  oidcProviderUrls,
  payPalStandInUrl as standInUrl,
} from './tests/e2e/support/e2e-port';
import { smtpSinkUrls } from './tests/e2e/support/smtp-sink-ports';
import { payPalEnvFor } from './tests/support/paypal-plans';

if (!hasChromium) {
  const notice = `No Chromium at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROME_PATH.`;
  if (process.env.CI === 'true') throw new Error(`${notice} Browser tests cannot be skipped in CI.`);
  console.warn(`\n${'!'.repeat(100)}\n!! BROWSER TESTS SKIPPED. ${notice}\n${'!'.repeat(100)}\n`);
}

// E2E_PORT, or free ports picked now (kept in E2E_PORT for the workers): never a fixed default, so two runs
// of the suite on one machine do not collide.
const port = e2ePort();
// Made once by the runner; its workers inherit the variable, so a test can reach the server's database (the
// support console's test names an agent with `npm run admin`, as the operator does).
const dataDir = (process.env.BULLAPP_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'bullapp-e2e-')));
const baseURL = `http://localhost:${port}`;
// The PayPal stand-in the app asks for prices, on a port of its own next to the app's.
const payPalStandInUrl = standInUrl(port);
const smtpSink = smtpSinkUrls(port);
// The OpenID providers the app offers (DESIGN 14): a "Google" and an "Apple", real oidc-provider servers.
const oidc = oidcProviderUrls(port);
const webhookId = '1JE4291016473214C';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // Started the way `npm start` starts it, on a database of its own.
  webServer: hasChromium
    ? [
        {
          command: 'npx tsx tests/support/paypal-stand-in-main.ts',
          url: `${payPalStandInUrl}/stand-in/ready`,
          reuseExistingServer: false,
          timeout: 30_000,
          env: {
            PAYPAL_STAND_IN_PORT: String(port + E2E_PORT_OFFSETS.payPal),
            PAYPAL_STAND_IN_WEBHOOK_URL: `${baseURL}/api/v1/paypal/webhook`,
            PAYPAL_STAND_IN_WEBHOOK_ID: webhookId,
          },
        },
        {
          command: 'npx tsx tests/support/oidc-provider-main.ts',
          url: `${oidc.apple}/test/ready`,
          reuseExistingServer: false,
          timeout: 30_000,
          env: {
            OIDC_E2E_APP_URL: baseURL,
            OIDC_E2E_GOOGLE_PORT: String(port + E2E_PORT_OFFSETS.oidcGoogle),
            OIDC_E2E_APPLE_PORT: String(port + E2E_PORT_OFFSETS.oidcApple),
            OIDC_E2E_GOOGLE_SECRET: OIDC_E2E_CLIENTS.google.clientSecret,
            OIDC_E2E_APPLE_SECRET: OIDC_E2E_CLIENTS.apple.clientSecret,
          },
        },
        {
          command: 'node scripts/start.mjs',
          url: `${baseURL}/readyz`,
          reuseExistingServer: false,
          timeout: 120_000,
          env: {
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: baseURL,
            DATABASE_URL: `sqlite:${join(dataDir, 'app.sqlite')}`,
            OUTBOX_DIR: join(dataDir, 'outbox'),
            LOG_LEVEL: 'warn',
            // What home says is sold (tests/e2e/what-is-sold.spec.ts).
            APP_DESCRIPTION: 'One account for all your devices, with a plan for as long as you need it.',
            SMTP_URL: smtpSink.smtpUrl,
            // Lets test set-up create accounts from distinct client addresses (X-Forwarded-For), so the
            // per-IP sign-up limit guards the product, not the size of the test suite.
            TRUST_PROXY: '1',
            ...payPalEnvFor(payPalStandInUrl),
            PAYPAL_WEBHOOK_ID: webhookId,
            PAYPAL_SDK_URL: `${payPalStandInUrl}/sdk/js`,
            OIDC_PROVIDERS: 'google,apple',
            OIDC_GOOGLE_CLIENT_ID: OIDC_E2E_CLIENTS.google.clientId,
            OIDC_GOOGLE_CLIENT_SECRET: OIDC_E2E_CLIENTS.google.clientSecret,
            OIDC_GOOGLE_ISSUER: oidc.google,
            OIDC_APPLE_CLIENT_ID: OIDC_E2E_CLIENTS.apple.clientId,
            OIDC_APPLE_CLIENT_SECRET: OIDC_E2E_CLIENTS.apple.clientSecret,
            OIDC_APPLE_ISSUER: oidc.apple,
          },
        },
        // A real SMTP server that keeps what the app sends, for tests to read (tests/e2e/support/mailbox.ts).
        {
          command: 'npx tsx tests/e2e/support/smtp-sink.ts',
          url: `${smtpSink.readerUrl}/health`,
          reuseExistingServer: false,
          timeout: 30_000,
          env: { E2E_PORT: String(port) },
        },
      ]
    : undefined,
});
