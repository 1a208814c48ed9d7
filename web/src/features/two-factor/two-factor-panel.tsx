import { useState } from 'react';
import { LoadStatus } from '@/components/ui/load-status';
import { Panel } from '@/components/ui/panel';
import { SettingRow } from '@/components/ui/setting-row';
import { usePageConfig } from '@/lib/page-config-context';
import { useTwoFactorStatus } from './api/two-factor';
import { RecoveryCodesNotice, type ShownCodes } from './recovery-codes-notice';
import { TwoFactorOff, TWO_FACTOR_OFF } from './two-factor-off';
import { codesLeftText, TwoFactorStep, TWO_FACTOR_ON } from './two-factor-on';

const TITLE = 'Two-step sign-in';

/**
 * The two-step sign-in rows of /account/security: off (set it up: password, QR code, a code to confirm),
 * the recovery codes shown once, and on (turn it off; new recovery codes), each form behind its row's action.
 */
export function TwoFactorRows() {
  const { appName } = usePageConfig();
  const read = useTwoFactorStatus();
  const { data: status, reload } = read;
  const [shown, setShown] = useState<ShownCodes | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);

  if (shown)
    return (
      <Panel title={TITLE}>
        <RecoveryCodesNotice
          codes={shown.codes}
          headline={shown.headline}
          appName={appName}
          onDone={() => setShown(null)}
        />
      </Panel>
    );
  if (!status)
    return <SettingRow title={TITLE} state={<LoadStatus state={read} label="Loading two-step sign-in" />} />;
  if (status.enabled)
    return (
      <>
        <SettingRow title={TITLE} state={TWO_FACTOR_ON} action="Turn off two-step sign-in">
          {(close) => (
            <TwoFactorStep
              step="turning-off"
              onCancel={close}
              onDone={async () => {
                // Closed first: the row that follows may take this one's place, and its id.
                close();
                setTurnedOff(true);
                await reload();
              }}
            />
          )}
        </SettingRow>
        <SettingRow
          title="Recovery codes"
          state={codesLeftText(status.recovery_codes_left)}
          action="Make new recovery codes"
        >
          {(close) => (
            <TwoFactorStep
              step="new-codes"
              onCancel={close}
              onDone={async (codes) => {
                close();
                if (codes) setShown(codes);
                await reload();
              }}
            />
          )}
        </SettingRow>
      </>
    );
  return (
    <SettingRow
      title={TITLE}
      state={
        turnedOff
          ? 'Two-step sign-in is off. Your password alone now signs in, and your recovery codes no longer work.'
          : TWO_FACTOR_OFF
      }
      action="Set up two-step sign-in"
    >
      {(close) => (
        <TwoFactorOff
          onCancel={close}
          onEnabled={async (codes: ShownCodes) => {
            close();
            setTurnedOff(false);
            setShown(codes);
            await reload();
          }}
        />
      )}
    </SettingRow>
  );
}
