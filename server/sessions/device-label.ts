import { UAParser } from 'ua-parser-js';

/** The parser's names where a person would say it differently ("Mobile Safari" is Safari on an iPhone). */
const BROWSERS: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Mobile Chrome': 'Chrome',
  'Chrome Headless': 'Chrome',
  'Chrome WebView': 'Chrome',
  'Mobile Firefox': 'Firefox',
  'Android Browser': 'Android browser',
};

const SYSTEMS: Record<string, string> = {
  'Mac OS': 'macOS',
  'Chromium OS': 'ChromeOS',
};

/** An iPhone or an iPad says more than "iOS"; other systems are named by the system. */
function placeOf(result: UAParser.IResult): string | null {
  const { os, device } = result;
  if (os.name === 'iOS' && device.model && /^(iPhone|iPad|iPod)/.test(device.model)) return device.model;
  if (!os.name) return null;
  return SYSTEMS[os.name] ?? os.name;
}

/** What the list says when the User-Agent names neither a browser nor a system. */
export const UNKNOWN_DEVICE = 'Unknown device';

/**
 * A short name for the device a session signed in from, as the Devices list shows it: "Chrome on Linux",
 * "Safari on iPhone". Worked out when listed, not stored, so a better parser renames old sessions too.
 */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const result = new UAParser(userAgent).getResult();
  const browser = result.browser.name ? (BROWSERS[result.browser.name] ?? result.browser.name) : null;
  const place = placeOf(result);
  if (browser && place) return `${browser} on ${place}`;
  if (browser) return browser;
  if (place) return `A browser on ${place}`;
  return UNKNOWN_DEVICE;
}
