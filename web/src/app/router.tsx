import { isValidElement, type ReactElement } from 'react';
import { WEB_ROUTES, type WebRouteKey } from '@contract/web-routes';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { HomeScreen } from '@/features/home/home-screen';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import type * as AccountPages from './account-pages';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { RequireAgent, RequireUser } from './require-user';
import { Shell } from './shell';

// Every screen but home is its own chunk, fetched on first visit (docs/decisions/030-router-and-lazy-screens.md).
// With the provider buttons of DESIGN 14 (sign-in-pages.tsx).
const LoginScreen = lazyScreen(() => import('./sign-in-pages').then((m) => m.LoginPage));
const SignupScreen = lazyScreen(() => import('./sign-in-pages').then((m) => m.SignupPage));
const ResetPasswordScreen = lazyScreen(() =>
  import('@/features/password/reset-password-screen').then((m) => m.ResetPasswordScreen),
);
const ChangePasswordScreen = lazyScreen(() =>
  import('@/features/password/change-password-screen').then((m) => m.ChangePasswordScreen),
);
const ConfirmEmailScreen = lazyScreen(() =>
  import('@/features/data/confirm-email-screen').then((m) => m.ConfirmEmailScreen),
);
const VerifyEmailScreen = lazyScreen(() =>
  import('@/features/email-verification/verify-email-screen').then((m) => m.VerifyEmailScreen),
);
const UndoEmailChangeScreen = lazyScreen(() =>
  import('@/features/data/undo-email-change-screen').then((m) => m.UndoEmailChangeScreen),
);
// The settings area's pages share one chunk: whoever opens one is likely to open the next.
const accountPage = (name: keyof typeof AccountPages) =>
  lazyScreen(() => import('./account-pages').then((m) => m[name]));
const AccountProfilePage = accountPage('AccountProfilePage');
const AccountSecurityPage = accountPage('AccountSecurityPage');
const AccountDevicesPage = accountPage('AccountDevicesPage');
const AccountBillingPage = accountPage('AccountBillingPage');
const AccountDataPage = accountPage('AccountDataPage');
const PricingScreen = lazyScreen(() =>
  import('@/features/pricing/pricing-screen').then((m) => m.PricingScreen),
);
// The support console: agents only, never in the first visit's bytes.
const AdminScreen = lazyScreen(() => import('@/features/admin/admin-screen').then((m) => m.AdminScreen));
const DeleteAccountScreen = lazyScreen(() =>
  import('@/features/delete-account/delete-account-screen').then((m) => m.DeleteAccountScreen),
);

/** The screen of each page in contract/web-routes.ts: a page listed there and missing here fails typecheck. */
const screens: Record<WebRouteKey, ReactElement> = {
  home: <HomeScreen />,
  login: <LoginScreen />,
  signup: <SignupScreen />,
  resetPassword: <ResetPasswordScreen />,
  changePassword: <ChangePasswordScreen />,
  confirmEmail: <ConfirmEmailScreen />,
  verifyEmail: <VerifyEmailScreen />,
  undoEmailChange: <UndoEmailChangeScreen />,
  deleteAccount: <DeleteAccountScreen />,
  pricing: <PricingScreen />,
  account: (
    <RequireUser>
      <AccountProfilePage />
    </RequireUser>
  ),
  accountSecurity: (
    <RequireUser>
      <AccountSecurityPage />
    </RequireUser>
  ),
  accountDevices: (
    <RequireUser>
      <AccountDevicesPage />
    </RequireUser>
  ),
  accountBilling: (
    <RequireUser>
      <AccountBillingPage />
    </RequireUser>
  ),
  accountData: (
    <RequireUser>
      <AccountDataPage />
    </RequireUser>
  ),
  admin: (
    <RequireUser>
      <RequireAgent>
        <AdminScreen />
      </RequireAgent>
    </RequireUser>
  ),
};

export const routes: RouteObject[] = [
  {
    path: WEB_ROUTES.home.path,
    element: <Shell />,
    children: [
      ...Object.entries(WEB_ROUTES).map(([name, { path }]) => ({
        path,
        element: screens[name as WebRouteKey],
      })),
      // Any other path: the server answers it 404 with this page (server/web/web.routes.ts).
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

/**
 * Loads the chunks of the screen at `pathname` (a page the server prerendered is replaced by the first
 * render, which must then show the same screen, not a loading bar). Guarded screens are left to load later.
 */
export async function preloadRoute(pathname: string) {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const element = match?.route.element;
  const screen = isValidElement(element) ? (element.type as Partial<LazyScreen>) : null;
  await screen?.preload?.();
}

/** Declarative routing (BrowserRouter + useRoutes) keeps the data router's code out of the first load. */
export function AppRoutes() {
  return useRoutes(routes);
}
