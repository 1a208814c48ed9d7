import { Navigate, useLocation } from 'react-router';
import { SettingRow, SettingRows } from '@/components/ui/setting-row';
import { SettingsLayout } from '@/components/ui/settings-layout';
import { DeleteAccountPanel, SignedInEmail } from '@/features/account/account-panels';
import { PasswordRow } from '@/features/account/password-row';
import { ChangeEmailForm } from '@/features/data/change-email-form';
import { DownloadDataPanel } from '@/features/data/download-data-panel';
import { DeviceSignInRow } from '@/features/device-sign-in/device-sign-in-section';
import { DevicesPanel } from '@/features/devices/devices-panel';
import { VerifyEmailBanner } from '@/features/email-verification/verify-email-banner';
import { ConnectedAccountsRow } from '@/features/identities/connected-accounts-row';
import { PasskeysRow } from '@/features/passkeys/passkeys-panel';
import { BillingSections } from '@/features/subscription/billing-sections';
import { TwoFactorRows } from '@/features/two-factor/two-factor-panel';
import { paths } from '@/lib/paths';

/**
 * The settings area (DESIGN section 6): a page per subject, each setting a row that opens its form only when
 * acted on. The features give the rows and panels; this file puts them on their pages, so features never
 * import each other. The push events reach every page through `useServerState`'s `refreshOn` as before.
 */

/** The one-page account's anchors, still in old links and mails, lead to the page that now holds them. */
const ANCHORS: Record<string, string> = {
  '#profile': paths.account,
  '#subscription': paths.accountBilling,
  '#billing': paths.accountBilling,
  '#security': paths.accountSecurity,
  '#devices': paths.accountDevices,
  '#data': paths.accountData,
};

export function AccountProfilePage() {
  const { hash } = useLocation();
  const moved = ANCHORS[hash.toLowerCase()];
  if (moved && moved !== paths.account) return <Navigate to={moved} replace />;
  return (
    <SettingsLayout title="Your account">
      <VerifyEmailBanner />
      <SettingRows>
        <SettingRow title="E-mail address" state={<SignedInEmail />} action="Change e-mail">
          {(close) => <ChangeEmailForm onCancel={close} />}
        </SettingRow>
      </SettingRows>
    </SettingsLayout>
  );
}

export function AccountSecurityPage() {
  return (
    <SettingsLayout title="Security">
      <SettingRows>
        <PasswordRow />
        <TwoFactorRows />
        <PasskeysRow />
        <ConnectedAccountsRow />
      </SettingRows>
    </SettingsLayout>
  );
}

export function AccountDevicesPage() {
  return (
    <SettingsLayout title="Devices">
      <SettingRows>
        <DevicesPanel />
        <DeviceSignInRow />
      </SettingRows>
    </SettingsLayout>
  );
}

export function AccountBillingPage() {
  return (
    <SettingsLayout title="Billing">
      <BillingSections />
    </SettingsLayout>
  );
}

export function AccountDataPage() {
  return (
    <SettingsLayout title="Your data">
      <DownloadDataPanel />
      <DeleteAccountPanel />
    </SettingsLayout>
  );
}
