import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type Cbor = Parameters<typeof isoCBOR.encode>[0];

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
// COSE (RFC 9053): key type EC2, algorithm ES256, curve P-256.
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 };

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

export interface CeremonyOverrides {
  /** Where the browser says it was (default: the authenticator's origin). */
  origin?: string;
  /** The challenge to sign instead of the one the options carry. */
  challenge?: string;
  /** The relying party the authenticator data names (default: the authenticator's own). */
  rpId?: string;
}

/**
 * A passkey authenticator in software, for API tests: an ES256 key pair (node:crypto), "none" attestation,
 * authenticator data built byte by byte (rpIdHash, flags UP/UV/AT, counter, AAGUID, credential id, COSE
 * key) and assertion signatures over authData || SHA-256(clientDataJSON), as WebAuthn Level 3 lays them out.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  /** The sign counter the next assertion reports; tests may set it (0 stays 0, as synced passkeys do). */
  counter: number;
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private userHandle: string | undefined;

  constructor(
    private readonly rp: { id: string; origin: string },
    { counter = 0 }: { counter?: number } = {},
  ) {
    this.counter = counter;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [COSE.kty, COSE.EC2],
        [COSE.alg, COSE.ES256],
        [COSE.crv, COSE.P256],
        [COSE.x, Buffer.from(jwk.x!, 'base64url')],
        [COSE.y, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authenticatorData({ attested, rpId = this.rp.id }: { attested: boolean; rpId?: string }): Buffer {
    const parts = [
      sha256(Buffer.from(rpId)),
      Buffer.from([FLAG_UP | FLAG_UV | (attested ? FLAG_AT : 0)]),
      uint32(this.counter),
    ];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, Buffer.from(this.coseKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() answering these options. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    { origin = this.rp.origin, challenge = options.challenge }: CeremonyOverrides = {},
  ): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData('webauthn.create', challenge, origin);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', this.authenticatorData({ attested: true })],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() answering these options; the counter moves on by one unless it is 0. */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    { origin = this.rp.origin, challenge = options.challenge, rpId }: CeremonyOverrides = {},
  ): AuthenticationResponseJSON {
    if (this.counter > 0) this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', challenge, origin);
    const authenticatorData = this.authenticatorData({ attested: false, rpId });
    const signature = createSign('sha256')
      .update(Buffer.concat([authenticatorData, sha256(clientDataJSON)]))
      .sign(this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
