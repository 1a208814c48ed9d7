import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

describe('OIDC_PROVIDERS (DESIGN 14)', () => {
  it('has no provider when unset', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  it('gives google and apple their issuer, name and trust, and reads a generic provider', () => {
    const config = loadConfig({
      OIDC_PROVIDERS: 'google, Apple,okta',
      OIDC_GOOGLE_CLIENT_ID: 'g-id',
      OIDC_GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_APPLE_CLIENT_ID: 'com.example.web',
      OIDC_APPLE_CLIENT_SECRET: 'a-secret',
      OIDC_OKTA_CLIENT_ID: 'o-id',
      OIDC_OKTA_CLIENT_SECRET: 'o-secret',
      OIDC_OKTA_ISSUER: 'https://example.okta.com/',
      OIDC_OKTA_NAME: 'Okta at work',
    });
    expect(config.oidcProviders).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g-id',
        clientSecret: 'g-secret',
        appleKey: null,
        trustEmail: true,
        formPost: false,
      },
      {
        id: 'apple',
        name: 'Apple',
        issuer: 'https://appleid.apple.com',
        clientId: 'com.example.web',
        clientSecret: 'a-secret',
        appleKey: null,
        trustEmail: true,
        formPost: true,
      },
      {
        id: 'okta',
        name: 'Okta at work',
        issuer: 'https://example.okta.com',
        clientId: 'o-id',
        clientSecret: 'o-secret',
        appleKey: null,
        trustEmail: false,
        formPost: false,
      },
    ]);
  });

  it("makes Apple's secret from its team id, key id and .p8 key, its line breaks written as \\n or not", () => {
    for (const pem of [appleKey, appleKey.replaceAll('\n', '\\n')]) {
      const [apple] = loadConfig({
        OIDC_PROVIDERS: 'apple',
        OIDC_APPLE_CLIENT_ID: 'com.example.web',
        OIDC_APPLE_TEAM_ID: 'TEAM123456',
        OIDC_APPLE_KEY_ID: 'KEY1234567',
        OIDC_APPLE_PRIVATE_KEY: pem,
      }).oidcProviders;
      expect(apple).toMatchObject({
        clientSecret: null,
        appleKey: { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: appleKey.trim() },
      });
    }
  });

  it('names every bad or missing variable in one readable list', () => {
    expect(
      problemsOf({
        OIDC_PROVIDERS: 'google,apple,okta,my-corp,google',
        OIDC_GOOGLE_TRUST_EMAIL: 'maybe',
        OIDC_APPLE_CLIENT_ID: 'com.example.web',
        OIDC_APPLE_TEAM_ID: 'TEAM123456',
        OIDC_APPLE_PRIVATE_KEY: 'not a key',
        OIDC_OKTA_CLIENT_ID: 'o-id',
        OIDC_OKTA_CLIENT_SECRET: 'o-secret',
        OIDC_OKTA_ISSUER: 'http://okta.example.com',
      }),
    ).toEqual([
      'OIDC_GOOGLE_CLIENT_ID must be set: the client id the provider gave this app',
      'OIDC_GOOGLE_TRUST_EMAIL must be true or false (got "maybe")',
      'OIDC_GOOGLE_CLIENT_SECRET must be set: the client secret the provider gave this app',
      'OIDC_APPLE_KEY_ID must be set with the other two of TEAM_ID, KEY_ID and PRIVATE_KEY',
      'OIDC_APPLE_PRIVATE_KEY must be the PEM text of the .p8 key Apple gave you (an ES256, P-256 private key)',
      'OIDC_OKTA_ISSUER must be an https:// URL (http:// only for localhost) (got "http://okta.example.com")',
      'OIDC_PROVIDERS names "my-corp": an id is a letter, then up to 31 letters or digits (e.g. google, apple, okta)',
      'OIDC_PROVIDERS names "google" twice',
    ]);
  });

  it('asks for the issuer of a provider it does not know, and a secret or key of Apple', () => {
    expect(
      problemsOf({
        OIDC_PROVIDERS: 'apple,corp',
        OIDC_APPLE_CLIENT_ID: 'x',
        OIDC_CORP_CLIENT_ID: 'y',
        OIDC_CORP_CLIENT_SECRET: 'z',
      }),
    ).toEqual([
      'OIDC_APPLE_CLIENT_SECRET must be set, or OIDC_APPLE_TEAM_ID, OIDC_APPLE_KEY_ID and OIDC_APPLE_PRIVATE_KEY to make it',
      'OIDC_CORP_ISSUER must be set for a provider other than google or apple (its issuer URL)',
    ]);
  });

  it('takes an http issuer on this machine (tests, development)', () => {
    const [local] = loadConfig({
      OIDC_PROVIDERS: 'google',
      OIDC_GOOGLE_CLIENT_ID: 'g',
      OIDC_GOOGLE_CLIENT_SECRET: 's',
      OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:4000',
    }).oidcProviders;
    expect(local?.issuer).toBe('http://127.0.0.1:4000');
  });
});
