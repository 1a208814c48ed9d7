import { useState } from 'react';
import { LoadStatus } from '@/components/ui/load-status';
import { Panel } from '@/components/ui/panel';
import { usePageConfig } from '@/lib/page-config-context';
import { useTwoFactorStatus } from './api/two-factor';
import { RecoveryCodesNotice, type ShownCodes } from './recovery-codes-notice';
import { TwoFactorOff } from './two-factor-off';
import { TwoFactorOn } from './two-factor-on';

/**
 * The Two-step sign-in part of /account#security: off (set it up: password, QR code, a code to confirm),
 * the recovery codes shown once, and on (new recovery codes, turn off, each saying first what it changes).
 */
export function TwoFactorPanel() {
  const { appName } = usePageConfig();
  const read = useTwoFactorStatus();
  const { data: status, reload } = read;
  const [shown, setShown] = useState<ShownCodes | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);

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
    if (!status) return null;
    if (status.enabled)
      return (
        <TwoFactorOn
          codesLeft={status.recovery_codes_left}
          onNewCodes={(codes) => {
            setShown(codes);
            void reload();
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

  return (
    <Panel title="Two-step sign-in">
      {shown ? null : <LoadStatus state={read} label="Loading two-step sign-in" />}
      {content()}
    </Panel>
  );
}
