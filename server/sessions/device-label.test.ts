import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device-label.js';

const AGENTS = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};

describe('deviceLabel', () => {
  it.each([
    [AGENTS.chromeLinux, 'Chrome on Linux'],
    [AGENTS.headlessChrome, 'Chrome on Linux'],
    [AGENTS.safariIphone, 'Safari on iPhone'],
    [AGENTS.safariIpad, 'Safari on iPad'],
    [AGENTS.safariMac, 'Safari on macOS'],
    [AGENTS.firefoxWindows, 'Firefox on Windows'],
    [AGENTS.edgeWindows, 'Edge on Windows'],
    [AGENTS.chromeAndroid, 'Chrome on Android'],
  ])('names %s as "%s"', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('says what it knows of an agent it only half recognises, and "Unknown device" for the rest', () => {
    expect(deviceLabel(null)).toBe('Unknown device');
    expect(deviceLabel('')).toBe('Unknown device');
    expect(deviceLabel('curl/8.4.0')).toBe('Unknown device');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64)')).toBe('A browser on Linux');
    expect(deviceLabel('Firefox/121.0')).toBe('Firefox');
  });
});
