import { Page } from '@/components/ui/page';
import { SettingsSections, type SettingsSection } from '@/components/ui/settings-sections';
import { ChangePasswordPanel, DeleteAccountPanel, ProfilePanel } from '@/features/account/account-panels';
import { SubscriptionPanel } from '@/features/subscription/subscription-panel';
import { ChangeEmailPanel } from '@/features/data/change-email-panel';
import { DownloadDataPanel } from '@/features/data/download-data-panel';
import { DeviceSignInSection } from '@/features/device-sign-in/device-sign-in-section';
import { PasskeysPanel } from '@/features/passkeys/passkeys-panel';
import { DevicesPanel } from '@/features/devices/devices-panel';
import { TwoFactorPanel } from '@/features/two-factor/two-factor-panel';

/**
 * The signed-in person's settings, one page (DESIGN section 6). Each feature adds its panels to a section
 * here, so features never import each other; the anchors are DESIGN's: #profile, #subscription, #security,
 * #devices, #data. Deleting the account stays last.
 */
const sections: SettingsSection[] = [
  {
    id: 'profile',
    title: 'Profile',
    content: (
      <>
        <ProfilePanel />
        <ChangeEmailPanel />
      </>
    ),
  },
  { id: 'subscription', title: 'Subscription', content: <SubscriptionPanel /> },
  {
    id: 'security',
    title: 'Security',
    content: (
      <>
        <ChangePasswordPanel />
        <TwoFactorPanel />
        <PasskeysPanel />
      </>
    ),
  },
  {
    id: 'devices',
    title: 'Devices',
    content: (
      <>
        <DevicesPanel />
        <DeviceSignInSection />
      </>
    ),
  },
  { id: 'data', title: 'Your data', content: <DownloadDataPanel /> },
];

export function AccountPage() {
  return (
    <Page title="Your account">
      <SettingsSections sections={sections} />
      <DeleteAccountPanel />
    </Page>
  );
}
