import { E2E_PORT_OFFSETS, e2ePort } from './e2e-port';

/**
 * Where the SMTP sink listens: next to the app's E2E port (+25 for SMTP, +26 for the reader), so several
 * checkouts running their browser tests side by side do not collide.
 */
export function smtpSinkPorts(appPort = e2ePort()) {
  return { smtp: appPort + E2E_PORT_OFFSETS.smtp, http: appPort + E2E_PORT_OFFSETS.smtpReader };
}

export const smtpSinkUrls = (appPort?: number) => {
  const { smtp, http } = smtpSinkPorts(appPort);
  return { smtpUrl: `smtp://127.0.0.1:${smtp}`, readerUrl: `http://127.0.0.1:${http}` };
};
