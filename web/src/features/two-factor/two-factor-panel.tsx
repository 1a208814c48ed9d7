import { useCallback, useEffect, useState } from 'react';
import type { TwoFactorStatus } from '@contract/two-factor';
import { Message } from '@/components/ui/message';
import { Panel } from '@/components/ui/panel';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useAccountEvents } from '@/lib/account-events';
import { usePageConfig } from '@/lib/page-config-context';
import { messageOf } from '@/lib/use-submission';
import { twoFactorStatus } from './api/two-factor';
import { RecoveryCodesNotice, type ShownCodes } from './recovery-codes-notice';
import { TwoFactorOff } from './two-factor-off';
import { TwoFactorOn } from './two-factor-on';

/**
 * The Two-step sign-in part of /account#security: off (set it up: password, QR code, a code to confirm),
 * the recovery codes shown once, and on (new recovery codes, turn off, each saying first what it changes).
 */
export function TwoFactorPanel() {
  const { appName } = usePageConfig();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownCodes | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);

  const reload = useCallback(async () => setStatus(await twoFactorStatus()), []);
  useEffect(() => {
    let live = true;
    twoFactorStatus().then(
      (read) => live && setStatus(read),
      (error: unknown) => live && setLoadError(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, []);
  // Another page of the account turned it on or off, or made new codes.
  useAccountEvents((event) => {
    if (event.event === 'security_changed') void reload().catch(() => undefined);
  });

  function content() {
    if (shown)
      return (
        <RecoveryCodesNotice
          codes={shown.codes}
          headline={shown.headline}
          appName={appName}
          onDone={() => setShown(null)}
        />
      );
    if (loadError) return <Message tone="error">{loadError}</Message>;
    if (!status) return <ProgressBar label="Loading two-step sign-in" />;
    if (status.enabled)
      return (
        <TwoFactorOn
          codesLeft={status.recovery_codes_left}
          onNewCodes={(codes) => {
            setShown(codes);
            void reload().catch(() => undefined);
          }}
          onTurnedOff={async () => {
            setTurnedOff(true);
            await reload();
          }}
        />
      );
    return (
      <TwoFactorOff
        justTurnedOff={turnedOff}
        onEnabled={async (codes: ShownCodes) => {
          setTurnedOff(false);
          setShown(codes);
          await reload();
        }}
      />
    );
  }

  return <Panel title="Two-step sign-in">{content()}</Panel>;
}
