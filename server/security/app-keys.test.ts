import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAppKeys, newAppKeyText } from './app-keys.js';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

const keyFile = () => join((folder = mkdtempSync(join(tmpdir(), 'bullapp-keys-'))), 'app.sqlite.keys');

describe('the app keys', () => {
  it('makes the key file on the first start, mode 0600, and reads the same key on the next', () => {
    const path = keyFile();
    const first = loadAppKeys({ appKeys: undefined, appKeysFile: path });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = loadAppKeys({ appKeys: undefined, appKeysFile: path });
    expect(second.current.id).toBe(first.current.id);
    expect(second.derive('x')).toEqual(first.derive('x'));
  });

  it('gives instances that start at once the one key file', () => {
    const path = keyFile();
    const ids = new Set(
      Array.from({ length: 8 }, () => loadAppKeys({ appKeys: undefined, appKeysFile: path }).current.id),
    );
    expect(ids.size).toBe(1);
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('takes APP_KEYS over the key file, the first key sealing', () => {
    const path = keyFile();
    const [newer, older] = [newAppKeyText(), newAppKeyText()];
    const keys = loadAppKeys({ appKeys: `${newer},${older}`, appKeysFile: path });
    expect(keys.all).toHaveLength(2);
    expect(keys.current).toBe(keys.all[0]);
    expect(keys.byId(keys.all[1]!.id)).toBe(keys.all[1]);
    expect(() => statSync(path)).toThrow();
  });

  it('refuses a key file other users can read, saying how to fix it', () => {
    const path = keyFile();
    writeFileSync(path, `${newAppKeyText()}\n`);
    chmodSync(path, 0o644);
    expect(() => loadAppKeys({ appKeys: undefined, appKeysFile: path })).toThrow(
      `The key file ${path} can be read by other users (mode 644): run chmod 600 ${path}.`,
    );
  });

  it('keeps the keys of an in-memory database in memory', () => {
    const one = loadAppKeys({ appKeys: undefined, appKeysFile: null });
    const two = loadAppKeys({ appKeys: undefined, appKeysFile: null });
    expect(one.current.id).not.toBe(two.current.id);
  });
});
