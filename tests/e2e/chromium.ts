import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser), or the one CHROME_PATH names. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

/** How every browser of this project starts: the tests (playwright.config.ts) and the screenshot script. */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
