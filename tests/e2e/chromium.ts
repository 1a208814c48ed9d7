import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser), or the one CHROME_PATH names. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
