// `npm run screenshots`: starts the built app the way `npm start` does (own temporary database, mail to a
// temporary outbox) with the PayPal stand-in of the tests as its PayPal, drives Debian's Chromium through the
// key screens and their telling states, and saves each at 390 px (a phone) and 1280 px (a laptop), in light
// and in dark, under docs/screenshots/, so a reviewer can look without running anything.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions, chromiumPath, hasChromium } from '../tests/e2e/chromium';
import { readMail } from '../tests/support/mime';
import { euroPlans, payPalEnvFor, standInClientId, standInSecret } from '../tests/support/paypal-plans';
import { startPayPalStandIn, type PayPalStandIn } from '../tests/support/paypal-stand-in';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'docs', 'screenshots');
const WIDTHS = [390, 1280];
const SCHEMES = ['light', 'dark'] as const;
const PASSWORD = 'a quiet meadow at dawn';
const WEBHOOK_ID = '3XN17715ST482534S';
const APP_DESCRIPTION = 'One account for all your devices, with a plan for as long as you need it.';

interface Context {
  baseURL: string;
  standIn: PayPalStandIn;
  /** A label of its own for this shot's accounts (width and scheme). */
  label: string;
}

interface Shot {
  name: string;
  /** Brings the page into the state to capture; runs on a fresh page of the given width and scheme. */
  prepare: (page: Page, ctx: Context) => Promise<void>;
  /** Only the window, not the whole page (a menu open over the page). */
  windowOnly?: boolean;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startApp(port: number, dataDir: string, standIn: PayPalStandIn): Promise<ChildProcess> {
  const app = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: `sqlite:${join(dataDir, 'app.sqlite')}`,
      OUTBOX_DIR: join(dataDir, 'outbox'),
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Each account is made from an address of its own (X-Forwarded-For), past the per-IP sign-up limit.
      TRUST_PROXY: '1',
      APP_DESCRIPTION,
      ...payPalEnvFor(standIn.url, 'production'),
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
      PAYPAL_SDK_URL: standIn.sdkUrl,
    },
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    if (app.exitCode !== null) throw new Error(`The app exited with code ${app.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) return app;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  app.kill();
  throw new Error('The app did not become ready within a minute');
}

let accounts = 0;
async function createAccount(baseURL: string, label: string): Promise<string> {
  accounts += 1;
  const email = `ada.${label}.${accounts}@example.com`;
  const reply = await fetch(`${baseURL}/api/v1/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${accounts % 250}` },
    body: JSON.stringify({ user: { email, password: PASSWORD } }),
  });
  if (reply.status !== 201) throw new Error(`Sign-up failed: ${reply.status} ${await reply.text()}`);
  // Confirmed through its sign-up mail's link, as its owner would (DESIGN 13): a subscriber needs it.
  const token = (await linkInOutbox(email, 'verify-email')).split('/').pop()!;
  const confirmed = await fetch(`${baseURL}/api/v1/email_verification/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${accounts % 250}` },
    body: JSON.stringify({ token }),
  });
  if (confirmed.status !== 200) throw new Error(`Confirming failed: ${confirmed.status}`);
  return email;
}

async function signedIn(page: Page, { baseURL, label }: Context): Promise<string> {
  const email = await createAccount(baseURL, label);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  return email;
}

/** Where the app writes its mail (SMTP_URL is empty): set by main(). */
let outboxDir = '';

/** Asks for a reset link for `email` and reads it from the outbox: its page checks the link before the form. */
async function resetLinkFor(baseURL: string, email: string): Promise<string> {
  const reply = await fetch(`${baseURL}/api/v2/reset_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (reply.status !== 204) throw new Error(`Reset request failed: ${reply.status}`);
  return linkInOutbox(email, 'change-password');
}

/** The link to `page` in a mail to `email`, read from the outbox (written after the call's reply). */
async function linkInOutbox(email: string, page: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    // The outbox folder appears with the first mail, written after the reply.
    const files = existsSync(outboxDir)
      ? readdirSync(outboxDir, { withFileTypes: true, recursive: true })
      : [];
    for (const file of files) {
      if (!file.isFile() || !file.name.endsWith('.eml')) continue;
      const mail = readMail(readFileSync(join(file.parentPath, file.name), 'utf8'));
      const link = new RegExp(`https?://\\S+/${page}/\\S+`).exec(mail.text)?.[0];
      if (mail.to.includes(email) && link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail with a ${page} link for ${email} in ${outboxDir}`);
}

/** A signed-in account that subscribed to `plan` through the stand-in's PayPal button; its PayPal id. */
async function subscribed(page: Page, ctx: Context, plan: string): Promise<string> {
  await signedIn(page, ctx);
  await page.goto('/pricing');
  await page
    .getByRole('listitem', { name: plan })
    .getByRole('button', { name: 'Subscribe with PayPal' })
    .click();
  await page.getByText('Thank you! Your subscription is active.').waitFor();
  const found = [...ctx.standIn.subscriptions.subscriptions.values()].at(-1);
  if (!found) throw new Error('The stand-in made no subscription');
  return found.id;
}

async function onSettingsPage(page: Page, path: string, region: string) {
  await page.goto(path);
  await page.getByRole('region', { name: region }).first().waitFor();
}

const shots: Shot[] = [
  {
    name: 'home',
    prepare: async (page) => {
      await page.goto('/');
    },
  },
  {
    name: 'login',
    prepare: async (page) => {
      await page.goto('/login');
    },
  },
  {
    name: 'signup-weak-password',
    async prepare(page) {
      await page.goto('/signup');
      await page.getByLabel('E-mail').fill('new.person@example.com');
      await page.getByLabel('Password', { exact: true }).fill('password');
      await page.getByText('This password is too common', { exact: false }).first().waitFor();
    },
  },
  {
    name: 'change-password',
    async prepare(page, { baseURL, label }) {
      // A real link: its page asks the server whether it still works before it shows the form.
      await page.goto(await resetLinkFor(baseURL, await createAccount(baseURL, label)));
      await page.getByLabel('New password', { exact: true }).waitFor();
    },
  },
  {
    name: 'change-password-invalid-link',
    async prepare(page) {
      await page.goto('/change-password/an-expired-token');
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'pricing',
    async prepare(page) {
      await page.goto('/pricing');
      await page.getByText('per month').waitFor();
    },
  },
  {
    name: 'account',
    prepare: async (page, ctx) => {
      await signedIn(page, ctx);
    },
  },
  {
    name: 'account-security',
    async prepare(page, ctx) {
      await signedIn(page, ctx);
      await onSettingsPage(page, '/account/security', 'Password');
    },
  },
  {
    name: 'account-devices',
    async prepare(page, ctx) {
      const email = await signedIn(page, ctx);
      // A second device, signed in over the API as a phone would be.
      await fetch(`${ctx.baseURL}/api/v1/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        },
        body: JSON.stringify({ session: { email, password: PASSWORD } }),
      });
      await page.goto('/account/devices');
      await page.getByText('Safari on iPhone').waitFor();
    },
  },
  {
    name: 'account-billing',
    async prepare(page, ctx) {
      // The stand-in's monthly plan starts with a free trial: the date line says until when (DESIGN 15).
      await subscribed(page, ctx, 'Monthly');
      await page.goto('/account/billing');
      await page.getByText(/when your trial ends/).waitFor();
      await page.getByText('Monthly: €12.50 per month.').waitFor();
    },
  },
  {
    name: 'account-billing-change-plan',
    async prepare(page, ctx) {
      // The weekly plan's first week costs €1.00: one payment in the history, with its receipt.
      await subscribed(page, ctx, 'Weekly');
      await page.goto('/account/billing');
      await page.getByRole('button', { name: /^Receipt of / }).waitFor();
      await page.getByRole('button', { name: 'Change plan' }).click();
      await page.getByText(/Nothing is prorated/).waitFor();
    },
  },
  {
    name: 'account-billing-suspended',
    async prepare(page, ctx) {
      const id = await subscribed(page, ctx, 'Weekly');
      await page.goto('/account/billing');
      await ctx.standIn.subscriptions.failPayment(id);
      await ctx.standIn.subscriptions.suspend(id);
      await page.getByText('Suspended by PayPal').waitFor();
    },
  },
  {
    name: 'account-menu',
    windowOnly: true,
    async prepare(page, ctx) {
      await subscribed(page, ctx, 'Monthly');
      await page.goto('/account');
      await page.getByRole('button', { name: /^Your account: / }).click();
      await page.getByRole('link', { name: 'Your plan: Monthly' }).waitFor();
    },
  },
  {
    name: 'delete-account',
    async prepare(page) {
      await page.goto('/delete-account');
    },
  },
  {
    name: 'delete-account-refused',
    async prepare(page, ctx) {
      const id = await subscribed(page, ctx, 'Monthly');
      ctx.standIn.subscriptions.refuseCancel(id);
      await page.goto('/delete-account');
      await page.getByText(/will be cancelled at PayPal first/).waitFor();
      await page.getByPlaceholder('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByText(/PayPal could not cancel your subscription/).waitFor();
    },
  },
];

async function main() {
  if (!hasChromium)
    throw new Error(`No Chromium at ${chromiumPath}: apt-get install -y chromium, or set CHROME_PATH.`);
  // The set is remade whole, so a screen no longer shot leaves no stale picture behind.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'bullapp-screens-'));
  outboxDir = join(dataDir, 'outbox');
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const standIn = await startPayPalStandIn({
    clientId: standInClientId,
    clientSecret: standInSecret,
    plans: euroPlans,
  });
  standIn.webhooks.listen(`${baseURL}/api/v1/paypal/webhook`, WEBHOOK_ID);
  const app = await startApp(port, dataDir, standIn);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const width of WIDTHS)
      for (const scheme of SCHEMES)
        for (const shot of shots) {
          const context = await browser.newContext({
            baseURL,
            viewport: { width, height: 800 },
            deviceScaleFactor: 1,
            colorScheme: scheme,
            reducedMotion: 'reduce',
          });
          const page = await context.newPage();
          await shot.prepare(page, { baseURL, standIn, label: `${width}.${scheme}` });
          await page.getByRole('heading', { level: 1 }).waitFor();
          // The focus ring of a route change is the page's, not a control's: nothing is left focused.
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          const file = join(outDir, `${shot.name}-${width}-${scheme}.png`);
          await page.screenshot({ path: file, fullPage: !shot.windowOnly, animations: 'disabled' });
          console.log(`saved ${file.slice(root.length)}`);
          await context.close();
        }
  } finally {
    await browser.close();
    app.kill('SIGTERM');
    await standIn.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const bytes = readdirSync(outDir).reduce((sum, name) => sum + statSync(join(outDir, name)).size, 0);
  console.log(`${readdirSync(outDir).length} screenshots, ${(bytes / 1e6).toFixed(1)} MB in all`);
}

await main();
