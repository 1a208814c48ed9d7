/**
 * What a page signed out from elsewhere says, one sentence of the cause (decision 169). Written out here, not
 * imported from the web app, so a changed sentence fails the browser tests.
 */
export const SIGNED_OUT = {
  logout: 'You were signed out because this session was logged out in another window. Please sign in again.',
  deviceSignOut:
    'You were signed out from another device, in its list of signed-in devices. Please sign in again.',
  passwordChanged:
    'You were signed out because your password was changed. Please sign in with the new password.',
  emailChangeUndone:
    'You were signed out because the change of your e-mail address was undone from the old address. Please sign in again.',
  expired: 'Your session expired, so you were signed out. Please sign in again.',
  accountDeleted: 'Your account has been deleted, so you have been signed out.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;
