import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '@/lib/session-store';

beforeEach(() => {
  // The HTTP client logs every failed call (DESIGN section 6); tests read the failure on the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Each test starts signed out, with no notice left from the one before.
  sessionStore.signOut({ reason: 'logout' });
  sessionStore.dismissNotice();
  window.localStorage.clear();
});
