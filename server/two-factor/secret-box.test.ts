import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testDialects, type TestApp } from '../test/helper.js';
import { newUser, setUp } from '../test/two-factor-kit.js';
import { SecretBox, TWO_FACTOR_KEY_NAME } from './secret-box.js';
import { findTwoFactor, takeStep } from './two-factor.repository.js';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function start(dialect: (typeof testDialects)[number]) {
  const testApp = await buildTestApp({ dialect });
  apps.push(testApp);
  await testApp.app.ready();
  return testApp.app;
}

describe.each(testDialects)('the box of TOTP secrets on %s', (dialect) => {
  it('opens what it sealed, for the same account only, and a tampered box not at all', async () => {
    const app = await start(dialect);
    const box = new SecretBox();
    await box.load(app.database.db);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 7);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 7)).not.toBe(sealed);
    expect(box.open(sealed, 7)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 8)).toThrow();
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'), 7)).toThrow();
  });

  it('keys itself from the installation’s own secret: another installation cannot open it', async () => {
    const [one, other] = [await start(dialect), await start(dialect)];
    const [boxOne, boxOther] = [new SecretBox(), new SecretBox()];
    await boxOne.load(one.database.db);
    await boxOther.load(other.database.db);
    expect(() => boxOther.open(boxOne.seal('JBSWY3DPEHPK3PXP', 1), 1)).toThrow();
    const stored = await one.database.db
      .selectFrom('app_secrets')
      .select('name')
      .where('name', '=', TWO_FACTOR_KEY_NAME)
      .execute();
    expect(stored).toHaveLength(1);
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
