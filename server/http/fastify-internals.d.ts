// Fastify's symbols module ships no types; the one symbol the app reads (security/headers.ts).
declare module 'fastify/lib/symbols.js' {
  const symbols: { readonly kReplyHeaders?: symbol };
  export default symbols;
}
