// `npm run screenshots`: starts the built app the way `npm start` does (own temporary database, mail to a
// temporary outbox), drives Debian's Chromium through every screen and its telling states, and saves each at
// 390 px (a phone) and 1280 px (a laptop) under docs/screenshots/, so a reviewer can look without running.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions, chromiumPath, hasChromium } from '../tests/e2e/chromium';
import { readMail } from '../tests/support/mime';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'docs', 'screenshots');
const WIDTHS = [390, 1280];
const PASSWORD = 'a quiet meadow at dawn';

interface Shot {
  name: string;
  /** Brings the page into the state to capture; runs on a fresh page of the given width. */
  prepare: (page: Page, ctx: { baseURL: string; width: number }) => Promise<void>;
  /** Keep CSS animations running (the progress bar would otherwise freeze off-screen). */
  animate?: boolean;
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

async function startApp(port: number, dataDir: string): Promise<ChildProcess> {
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
async function createAccount(baseURL: string, width: number): Promise<string> {
  accounts += 1;
  const email = `ada.lovelace.${width}.${accounts}@example.com`;
  const reply = await fetch(`${baseURL}/api/v1/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password: PASSWORD } }),
  });
  if (reply.status !== 201) throw new Error(`Sign-up failed: ${reply.status} ${await reply.text()}`);
  return email;
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
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
  for (let attempt = 0; attempt < 40; attempt++) {
    // The outbox folder appears with the first mail, written after the reply.
    const files = existsSync(outboxDir)
      ? readdirSync(outboxDir, { withFileTypes: true, recursive: true })
      : [];
    for (const file of files) {
      if (!file.isFile() || !file.name.endsWith('.eml')) continue;
      const mail = readMail(readFileSync(join(file.parentPath, file.name), 'utf8'));
      const link = /https?:\/\/\S+\/change-password\/\S+/.exec(mail.text)?.[0];
      if (mail.to.includes(email) && link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No reset mail for ${email} in ${outboxDir}`);
}

/** Holds the next call to `pattern` until the screenshot is taken, so the waiting state can be seen. */
async function holdCall(page: Page, pattern: string) {
  await page.route(pattern, () => new Promise<void>(() => {}));
}

const shots: Shot[] = [
  { name: 'home', prepare: (page) => page.goto('/').then(() => undefined) },
  { name: 'login', prepare: (page) => page.goto('/login').then(() => undefined) },
  {
    name: 'login-refused',
    async prepare(page) {
      await page.goto('/login');
      await page.getByLabel('E-mail').fill('someone@example.com');
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { name: 'signup', prepare: (page) => page.goto('/signup').then(() => undefined) },
  {
    name: 'signup-weak-password',
    async prepare(page) {
      await page.goto('/signup');
      await page.getByLabel('E-mail').fill('new.person@example.com');
      await page.getByLabel('Password').fill('password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { name: 'reset-password', prepare: (page) => page.goto('/reset-password').then(() => undefined) },
  {
    name: 'reset-password-sent',
    async prepare(page) {
      await page.goto('/reset-password');
      await page.getByLabel('E-mail').fill('ada@example.com');
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByText('If an account exists').waitFor();
    },
  },
  {
    name: 'change-password',
    async prepare(page, { baseURL, width }) {
      // A real link: its page asks the server whether it still works before it shows the form.
      await page.goto(await resetLinkFor(baseURL, await createAccount(baseURL, width)));
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
    name: 'account',
    async prepare(page, { baseURL, width }) {
      await signIn(page, await createAccount(baseURL, width));
    },
  },
  {
    name: 'account-password-changed',
    async prepare(page, { baseURL, width }) {
      await signIn(page, await createAccount(baseURL, width));
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill('an entirely new sentence');
      await page.getByLabel('Repeat the new password').fill('an entirely new sentence');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password has been changed.').waitFor();
    },
  },
  {
    name: 'account-qr-code',
    async prepare(page, { baseURL, width }) {
      await signIn(page, await createAccount(baseURL, width));
      await page.getByLabel('Your password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await page.getByRole('img', { name: 'QR code that signs in another device' }).waitFor();
    },
  },
  {
    name: 'account-two-step-set-up',
    async prepare(page, { baseURL, width }) {
      await signIn(page, await createAccount(baseURL, width));
      const panel = page.getByRole('region', { name: 'Two-step sign-in' });
      await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await panel.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await panel.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
      await panel.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'account-devices',
    async prepare(page, { baseURL, width }) {
      const email = await createAccount(baseURL, width);
      // A second device, signed in over the API as a phone would be.
      await fetch(`${baseURL}/api/v1/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        },
        body: JSON.stringify({ session: { email, password: PASSWORD } }),
      });
      await signIn(page, email);
      const panel = page.getByRole('region', { name: 'Signed-in devices' });
      await panel.getByText('Safari on iPhone').waitFor();
      await panel.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'pricing',
    async prepare(page) {
      await page.goto('/pricing');
      await page.getByText('per month').waitFor();
    },
  },
  { name: 'delete-account', prepare: (page) => page.goto('/delete-account').then(() => undefined) },
  {
    name: 'delete-account-empty-password',
    async prepare(page) {
      await page.goto('/delete-account');
      await page.getByPlaceholder('Username').fill('ada@example.com');
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'delete-account-waiting',
    animate: true,
    async prepare(page) {
      await holdCall(page, '**/api/v1/delete_user_with_token');
      await page.goto('/delete-account');
      await page.getByPlaceholder('Username').fill('ada@example.com');
      await page.getByPlaceholder('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('progressbar').waitFor();
      await page.waitForTimeout(500); // the stripe mid-way through its slide
    },
  },
  {
    name: 'delete-account-refused',
    async prepare(page) {
      await page.goto('/delete-account');
      await page.getByPlaceholder('Username').fill('ada@example.com');
      await page.getByPlaceholder('Password').fill('not the password');
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'delete-account-done',
    async prepare(page, { baseURL, width }) {
      const email = await createAccount(baseURL, width);
      await page.goto('/delete-account');
      await page.getByPlaceholder('Username').fill(email);
      await page.getByPlaceholder('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByText('Your account has been deleted.').waitFor();
    },
  },
  { name: 'not-found', prepare: (page) => page.goto('/no/such/page').then(() => undefined) },
];

async function main() {
  if (!hasChromium)
    throw new Error(`No Chromium at ${chromiumPath}: apt-get install -y chromium, or set CHROME_PATH.`);
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'bullapp-screens-'));
  outboxDir = join(dataDir, 'outbox');
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const app = await startApp(port, dataDir);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const width of WIDTHS) {
      for (const shot of shots) {
        const context = await browser.newContext({
          baseURL,
          viewport: { width, height: 800 },
          deviceScaleFactor: 1,
        });
        const page = await context.newPage();
        await shot.prepare(page, { baseURL, width });
        await page.getByRole('heading', { level: 1 }).waitFor();
        const file = join(outDir, `${shot.name}-${width}.png`);
        await page.screenshot({
          path: file,
          fullPage: true,
          animations: shot.animate ? 'allow' : 'disabled',
        });
        console.log(`saved ${file.slice(root.length)}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    app.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
