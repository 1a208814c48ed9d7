import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** The fields docs/privacy.md lists under each table: its markdown tables, a row per field group. */
function documentedFields(markdown: string): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  let table: string | undefined;
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (!line.startsWith('|') || cells.length < 4 || /^-+$/.test(cells[1] ?? '')) continue;
    if (cells[1] === 'table') {
      table = undefined;
      continue;
    }
    if (cells[1]) table = cells[1];
    if (!table) continue;
    const names = fields.get(table) ?? new Set<string>();
    for (const word of (cells[2] ?? '').match(/[a-z_]+/g) ?? []) names.add(word);
    fields.set(table, names);
  }
  return fields;
}

describe('docs/privacy.md', () => {
  it('lists every table and every field the database has', async () => {
    current = await buildTestApp({ dialect: 'sqlite' });
    const tables = await current.app.database.db.introspection.getTables();
    const documented = documentedFields(
      readFileSync(new URL('../../docs/privacy.md', import.meta.url), 'utf8'),
    );
    // The walk works: tables known today are found on both sides.
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['users', 'sessions']));
    expect([...documented.keys()]).toEqual(expect.arrayContaining(['users', 'sessions']));
    const missing = tables.flatMap((table) =>
      table.columns
        .filter((column) => !documented.get(table.name)?.has(column.name))
        .map((column) => `${table.name}.${column.name}`),
    );
    // A field missing here needs a row in docs/privacy.md: what it is, why it is kept, for how long.
    expect(missing).toEqual([]);
  });
});
