import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe-core on the page as it is now; fails on any serious or critical violation, naming each. */
export async function expectNoSeriousA11yViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}

/** The same, in light and then in dark (prefers-color-scheme); the page is left in light. */
export async function expectNoSeriousA11yViolationsLightAndDark(page: Page, what: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `${what} (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** True when the page needs no sideways scrolling at the current viewport width. */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} is wider than the ${clientWidth}px viewport`).toBeLessThanOrEqual(clientWidth);
}
