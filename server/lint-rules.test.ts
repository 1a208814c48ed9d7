import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = (name: string) => `server/test/lint-fixtures/${name}`;
const eslint = new ESLint({ cwd: root, ignore: false });

/** The rule ids lint reports for a file, optionally read from a fixture but placed somewhere else. */
async function ruleIds(file: string, placedAt?: string): Promise<string[]> {
  const results = placedAt
    ? await eslint.lintText(readFileSync(`${root}/${file}`, 'utf8'), { filePath: `${root}/${placedAt}` })
    : await eslint.lintFiles([`${root}/${file}`]);
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

describe('the import rules of npm run lint', () => {
  it('fail on an import cycle between two files', async () => {
    expect(await ruleIds(fixture('cycle-a.ts'))).toContain('import-x/no-cycle');
  });

  it('fail when a building block imports a feature', async () => {
    expect(
      await ruleIds(fixture('block-imports-feature.ts'), 'server/db/block-imports-feature.ts'),
    ).toContain('import-x/no-restricted-paths');
  });

  it('fail when a server feature imports another feature', async () => {
    expect(
      await ruleIds(fixture('feature-imports-feature.ts'), 'server/accounts/feature-imports-feature.ts'),
    ).toContain('import-x/no-restricted-paths');
  });

  it('let a feature import a building block', async () => {
    expect(await ruleIds(fixture('feature-imports-block.ts'), 'server/qr/feature-imports-block.ts')).toEqual(
      [],
    );
  });
});
