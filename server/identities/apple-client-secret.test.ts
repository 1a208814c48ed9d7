import { generateKeyPairSync } from 'node:crypto';
import { importSPKI, jwtVerify, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { appleClientSecret } from './apple-client-secret.js';

describe("Apple's client-secret JWT", () => {
  it('is ES256 with the key id, signed by the .p8 key, naming the team, the client and Apple', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const now = new Date();
    const secret = appleClientSecret(
      {
        teamId: 'TEAM123456',
        keyId: 'KEY1234567',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      { clientId: 'com.example.web', audience: 'https://appleid.apple.com', now },
    );
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const spki = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const { payload } = await jwtVerify(secret, await importSPKI(spki, 'ES256'), {
      issuer: 'TEAM123456',
      audience: 'https://appleid.apple.com',
      subject: 'com.example.web',
    });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.iat).toBe(Math.floor(now.getTime() / 1000));
  });
});
