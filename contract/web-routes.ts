/**
 * The pages of the web app (DESIGN section 6): the web's router and `paths` are built from this list, and the
 * server answers these paths 200 and every other page path 404 with the not-found page
 * (docs/decisions/158-real-404s-and-page-titles.md). A new page is one line here, then its screen.
 *
 * `title` is the page's name in its <title> ('Sign in · APP_NAME'; home has none). `private` pages belong to
 * one person or carry a token in their address: robots.txt keeps crawlers away from them.
 * Bundled into the first visit of the web app: keep it short, and keep zod out of it.
 */
export const WEB_ROUTES = {
  home: { path: '/', title: '', description: 'Your account, your plan and your devices in one place.' },
  login: {
    path: '/login',
    title: 'Sign in',
    description: 'Sign in with your password, a passkey or a code.',
  },
  signup: {
    path: '/signup',
    title: 'Create your account',
    description: 'Create an account with your e-mail.',
  },
  resetPassword: {
    path: '/reset-password',
    title: 'Forgot your password?',
    description: 'Get a link by e-mail to choose a new password.',
  },
  changePassword: {
    path: '/change-password/:password_hash',
    title: 'Choose a new password',
    description: 'Choose a new password for your account.',
    private: true,
  },
  confirmEmail: {
    path: '/confirm-email/:token',
    title: 'Confirm your e-mail address',
    description: 'Confirm the new e-mail address of your account.',
    private: true,
  },
  verifyEmail: {
    path: '/verify-email/:token',
    // Not the e-mail change's 'Confirm your e-mail address': every page has a title of its own.
    title: 'Verify your e-mail address',
    description: 'Confirm the e-mail address of your account.',
    private: true,
  },
  undoEmailChange: {
    path: '/undo-email-change/:token',
    title: 'Undo the e-mail change',
    description: 'Give your account its e-mail address back and sign out every device.',
    private: true,
  },
  deleteAccount: {
    path: '/delete-account',
    title: 'Delete your account',
    description: 'Delete your account and its data for good.',
  },
  pricing: {
    path: '/pricing',
    title: 'Pricing',
    description: 'The plans, what each one gives and its price.',
  },
  account: {
    path: '/account',
    title: 'Your account',
    description: 'Your e-mail address and the pages of your settings.',
    private: true,
  },
  accountSecurity: {
    path: '/account/security',
    title: 'Security',
    description: 'Your password, two-step sign-in and passkeys.',
    private: true,
  },
  accountDevices: {
    path: '/account/devices',
    title: 'Devices',
    description: 'The devices signed in to your account, and signing in on another one.',
    private: true,
  },
  accountBilling: {
    path: '/account/billing',
    title: 'Billing',
    description: 'Your plan and your subscription.',
    private: true,
  },
  accountData: {
    path: '/account/data',
    title: 'Your data',
    description: 'Download everything we keep about you, or delete your account.',
    private: true,
  },
  admin: {
    path: '/admin',
    title: 'Support console',
    description: 'Find a person, see what happened, and help them.',
    private: true,
  },
} as const satisfies Record<string, WebPage & { path: string; private?: true }>;

export type WebRouteKey = keyof typeof WEB_ROUTES;

export interface WebPage {
  title: string;
  description: string;
}

/** What every unknown path shows, with status 404. */
export const NOT_FOUND_PAGE: WebPage = {
  title: 'Page not found',
  description: 'There is no page at this address.',
};

/** A page's meta description: home's is what is sold (APP_DESCRIPTION) when the operator said it. */
export const pageDescription = (page: WebPage, appDescription: string) =>
  page === WEB_ROUTES.home && appDescription ? appDescription : page.description;

/** The text of a page's <title>. */
export const pageTitle = (page: WebPage, appName: string) =>
  page.title ? `${page.title} · ${appName}` : appName;

/**
 * Matches as the web's router (react-router 7) does, so the server's 200 or 404 always agrees with the
 * screen the browser then shows: case-insensitive, trailing slashes allowed, a `:param` is one non-empty
 * segment, each segment percent-decoded but for `/`.
 */
const matchers = Object.entries(WEB_ROUTES).map(([key, { path }]) => {
  const source = path
    .replace(/\/+$/, '')
    .replace(/[.*+?^${}|()[\]\\]/g, '\\$&')
    .replace(/\/:[\w-]+/g, '/[^/]+');
  return [key as WebRouteKey, new RegExp(`^${source}/*$`, 'i')] as const;
});

function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The page at `pathname` (no query), or undefined when there is none: the not-found page then. */
export function matchWebRoute(pathname: string): WebRouteKey | undefined {
  const decoded = decodePath(pathname);
  return matchers.find(([, pattern]) => pattern.test(decoded))?.[0];
}
