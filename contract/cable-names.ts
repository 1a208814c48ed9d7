/** Names of the push channel, free of zod so the web app can import them as values. */
export const ACCOUNT_CHANNEL = 'AccountChannel';
export const CABLE_SUBPROTOCOL = 'actioncable-v1-json';
