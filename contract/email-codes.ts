/**
 * The codes DESIGN 13 mails, free of zod so the web can say how long a code lasts. A code is 6 digits; a new
 * code of a purpose voids the older ones of that purpose.
 */
export const EMAIL_CODE_DIGITS = 6;

/** Wrong tries a code allows before it is dead. */
export const EMAIL_CODE_TRIES = 5;

/** What a mailed code is for: confirming the address, signing in, or a confirming step without a password. */
export const EMAIL_CODE_PURPOSES = ['verify', 'sign_in', 'reauth'] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

/** How long each code lasts, in minutes (the mails and the pages say so). */
export const EMAIL_CODE_MINUTES: Record<EmailCodePurpose, number> = { verify: 15, sign_in: 10, reauth: 10 };

/** How long the link of the sign-up mail (`PUBLIC_URL/verify-email/<token>`) lasts, in hours; it works once. */
export const VERIFY_LINK_HOURS = 24;
