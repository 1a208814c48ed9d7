import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { HomeScreen } from '../features/home/home-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { paths } from '../lib/paths';
import { RequireUser } from './require-user';
import { Shell } from './shell';

// Every screen but home is its own chunk, fetched on first visit (docs/decisions/030-router-and-lazy-screens.md).
const LoginScreen = lazy(() =>
  import('../features/auth/login-screen').then((m) => ({ default: m.LoginScreen })),
);
const SignupScreen = lazy(() =>
  import('../features/auth/signup-screen').then((m) => ({ default: m.SignupScreen })),
);
const ResetPasswordScreen = lazy(() =>
  import('../features/password/reset-password-screen').then((m) => ({ default: m.ResetPasswordScreen })),
);
const ChangePasswordScreen = lazy(() =>
  import('../features/password/change-password-screen').then((m) => ({ default: m.ChangePasswordScreen })),
);
const AccountScreen = lazy(() =>
  import('../features/account/account-screen').then((m) => ({ default: m.AccountScreen })),
);
const PricingScreen = lazy(() =>
  import('../features/pricing/pricing-screen').then((m) => ({ default: m.PricingScreen })),
);
const DeviceSignInSection = lazy(() =>
  import('../features/device-sign-in/device-sign-in-section').then((m) => ({
    default: m.DeviceSignInSection,
  })),
);
const DeleteAccountScreen = lazy(() =>
  import('../features/delete-account/delete-account-screen').then((m) => ({
    default: m.DeleteAccountScreen,
  })),
);

export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <Shell />,
    children: [
      { index: true, element: <HomeScreen /> },
      { path: paths.login, element: <LoginScreen /> },
      { path: paths.signup, element: <SignupScreen /> },
      { path: paths.resetPassword, element: <ResetPasswordScreen /> },
      { path: paths.changePasswordPattern, element: <ChangePasswordScreen /> },
      {
        path: paths.account,
        element: (
          <RequireUser>
            <AccountScreen>
              <DeviceSignInSection />
            </AccountScreen>
          </RequireUser>
        ),
      },
      { path: paths.deleteAccount, element: <DeleteAccountScreen /> },
      { path: paths.pricing, element: <PricingScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

/** Declarative routing (BrowserRouter + useRoutes) keeps the data router's code out of the first load. */
export function AppRoutes() {
  return useRoutes(routes);
}
