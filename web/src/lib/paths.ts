/** Every route of the web app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  resetPassword: '/reset-password',
  changePassword: (token: string) => `/change-password/${encodeURIComponent(token)}`,
  changePasswordPattern: '/change-password/:password_hash',
  confirmEmailPattern: '/confirm-email/:token',
  undoEmailChangePattern: '/undo-email-change/:token',
  deleteAccount: '/delete-account',
  pricing: '/pricing',
  account: '/account',
} as const;
