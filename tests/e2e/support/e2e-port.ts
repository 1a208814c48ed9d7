import { execFileSync } from 'node:child_process';

/**
 * The browser tests' servers, by their distance from the app's port: SMTP sink +25 and +26, the OpenID
 * providers "Google" +50 and "Apple" +51, PayPal +100.
 */
export const E2E_PORT_OFFSETS = {
  app: 0,
  smtp: 25,
  smtpReader: 26,
  oidcGoogle: 50,
  oidcApple: 51,
  payPal: 100,
} as const;

// Run in a child so the config (which Playwright loads synchronously) can wait for it: tries bases at random
// below Linux's ephemeral range (32768 and up, where outgoing connections take their ports) until every
// port of the set can be listened on.
const FIND_FREE_BASE = `
const net = require('node:net');
const offsets = JSON.parse(process.argv[1]);
const free = (port) => new Promise((resolve) => {
  const server = net.createServer().once('error', () => resolve(false));
  server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
});
(async () => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const base = 20000 + Math.floor(Math.random() * 12000);
    const results = await Promise.all(offsets.map((offset) => free(base + offset)));
    if (results.every(Boolean)) return process.stdout.write(String(base));
  }
  process.exit(1);
})();
`;

/**
 * The app's port in the browser tests: E2E_PORT when it is set; otherwise a set of ports free now, kept in
 * E2E_PORT, so Playwright's workers (which load the config again, with the runner's environment) and the
 * servers it starts use the same. Two runs of the suite on one machine then never share a port.
 */
export function e2ePort(): number {
  if (!process.env.E2E_PORT) {
    const offsets = JSON.stringify(Object.values(E2E_PORT_OFFSETS));
    process.env.E2E_PORT = execFileSync(process.execPath, ['-e', FIND_FREE_BASE, offsets], {
      encoding: 'utf8',
    });
  }
  return Number(process.env.E2E_PORT);
}

/** The PayPal stand-in the app asks for prices and the page loads PayPal's SDK from, beside the app. */
export const payPalStandInUrl = (appPort = e2ePort()) =>
  `http://127.0.0.1:${appPort + E2E_PORT_OFFSETS.payPal}`;

/**
 * The OpenID providers of the browser tests (tests/support/oidc-provider-main.ts), on 127.0.0.1 while the app
 * is on localhost: two sites, so Apple's form_post reply is the cross-site POST it is in production.
 */
export const oidcProviderUrls = (appPort = e2ePort()) => ({
  google: `http://127.0.0.1:${appPort + E2E_PORT_OFFSETS.oidcGoogle}`,
  apple: `http://127.0.0.1:${appPort + E2E_PORT_OFFSETS.oidcApple}`,
});

/** The client credentials the providers and the app are both given. */
export const OIDC_E2E_CLIENTS = {
  google: { clientId: 'google-client', clientSecret: 'e2e-google-secret' },
  apple: { clientId: 'apple-client', clientSecret: 'e2e-apple-secret' },
} as const;
