import { test as base, expect } from '@playwright/test';
import { chromiumPath, hasChromium } from './chromium';

/** Every browser test goes through this: without a Chromium it skips, loudly (CI fails earlier). */
export const test = base.extend<{ chromiumPresent: void }>({
  chromiumPresent: [
    async ({}, use, testInfo) => {
      testInfo.skip(!hasChromium, `No Chromium at ${chromiumPath}`);
      await use();
    },
    { auto: true },
  ],
});

export { expect };
