// The OpenID providers of the browser tests as a process of their own: `npx tsx tests/support/oidc-provider-main.ts`.
// A "Google" on OIDC_E2E_GOOGLE_PORT and an "Apple" (form_post) on OIDC_E2E_APPLE_PORT, both on 127.0.0.1,
// sending the browser back to OIDC_E2E_APP_URL. A test sets what a login's account says through
// POST <provider>/test/accounts `{"login","email","email_verified"}`.
import { startTestProvider } from './oidc-provider';

const appUrl = process.env.OIDC_E2E_APP_URL ?? 'http://localhost:3000';
const providers = await Promise.all(
  (['google', 'apple'] as const).map((kind) =>
    startTestProvider({
      kind,
      appUrl,
      port: Number(process.env[`OIDC_E2E_${kind.toUpperCase()}_PORT`] ?? 0),
      clientSecret: process.env[`OIDC_E2E_${kind.toUpperCase()}_SECRET`],
    }),
  ),
);
for (const provider of providers) console.log(`OpenID provider listening at ${provider.issuer}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void Promise.all(providers.map((provider) => provider.close())).then(() => process.exit(0));
  });
}
