import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { newUser, setUp } from '../test/two-factor-kit.js';
import { AppKeys, newAppKeyText, parseAppKeys } from '../security/app-keys.js';
import { SecretBox } from './secret-box.js';
import { findTwoFactor, takeStep } from './two-factor.repository.js';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function start(dialect: (typeof testDialects)[number], env?: Record<string, string>) {
  const testApp = await buildTestApp({ dialect, env });
  apps.push(testApp);
  await testApp.app.ready();
  return testApp.app;
}

describe.each(testDialects)('the box of TOTP secrets on %s', (dialect) => {
  it('opens what it sealed, for the same account only, and a tampered box not at all', async () => {
    const app = await start(dialect);
    const box = new SecretBox(app.ctx.keys);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 7);
    expect(sealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 7)).not.toBe(sealed);
    expect(box.open(sealed, 7)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 8)).toThrow();
    const [version, keyId, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, keyId, iv, tag, flipped.toString('base64url')].join('.'), 7)).toThrow();
  });

  it('keys itself from the installation’s keys, never from the database: another installation cannot open it', async () => {
    const [one, other] = [await start(dialect), await start(dialect, { APP_KEYS: newAppKeyText() })];
    const [boxOne, boxOther] = [new SecretBox(one.ctx.keys), new SecretBox(other.ctx.keys)];
    expect(() => boxOther.open(boxOne.seal('JBSWY3DPEHPK3PXP', 1), 1)).toThrow();
    const stored = await one.database.db.selectFrom('app_secrets').select('name').execute();
    expect(stored.map((row) => row.name)).not.toContain('two_factor_key');
  });

  it('opens a box sealed before a rotation while its key is listed, and seals with the first key', () => {
    const [older, newer] = [newAppKeyText(), newAppKeyText()];
    const keys = (...texts: string[]) => new AppKeys(texts.map((text) => parseAppKeys(text)![0]!));
    const before = new SecretBox(keys(older));
    const sealed = before.seal('JBSWY3DPEHPK3PXP', 3);
    const during = new SecretBox(keys(newer, older));
    expect(during.open(sealed, 3)).toBe('JBSWY3DPEHPK3PXP');
    expect(during.isCurrent(sealed)).toBe(false);
    const resealed = during.seal(during.open(sealed, 3), 3);
    expect(during.isCurrent(resealed)).toBe(true);
    const after = new SecretBox(keys(newer));
    expect(after.open(resealed, 3)).toBe('JBSWY3DPEHPK3PXP');
    expect(after.canOpen(sealed)).toBe(false);
    expect(() => after.open(sealed, 3)).toThrow();
  });

  it('turns on only the set-up a code was checked against, not one made anew meanwhile', async () => {
    const app = await start(dialect);
    const user = await newUser(app);
    await setUp(app, user);
    const checked = (await findTwoFactor(app.database.db, user.id))!;
    await setUp(app, user);
    const at = new Date().toISOString();
    const taken = await takeStep(app.database.db, {
      userId: user.id,
      step: 1,
      enabling: { at, secretBox: checked.secret_box },
    });
    expect(taken).toBe(false);
    expect((await findTwoFactor(app.database.db, user.id))!.enabled_at).toBeNull();
  });
});
