/** The support console's rules the server and the web share (DESIGN 16), free of zod for the web. */

/** Every action takes a reason of this many characters (after trimming): it is kept in the audit trail. */
export const REASON_MIN = 10;
export const REASON_MAX = 500;

/** The role of a support agent (DESIGN 3); 0 is a member. */
export const SUPPORT_AGENT_ROLE = 1;

/** People per page of the search, and audit events per page of the viewer. */
export const ADMIN_PAGE_SIZE = 50;
/** Audit events on a person's page: the newest this many. */
export const USER_PAGE_AUDIT_EVENTS = 100;
