import { describe, expect, it } from 'vitest';
import { testDatabases, testDialects } from '../test/helper.js';
import { readNow } from './direct-reads.js';
import { type Param, prepare } from './prepared-query.js';

const openDatabase = testDatabases();

const secretNamed = prepare((db, param: Param<{ name: string }>) =>
  db.selectFrom('app_secrets').select(['name', 'value']).where('name', '=', param('name')),
);

describe.each(testDialects)('prepared queries (%s)', (dialect) => {
  async function open() {
    const database = await openDatabase(dialect);
    await database.db
      .insertInto('app_secrets')
      .values([
        { name: 'first', value: 'one' },
        { name: 'second', value: 'two' },
      ])
      .execute();
    return database.db;
  }

  it('compile the SQL once and run it with each call’s own values', async () => {
    const db = await open();
    const first = secretNamed.compile(db, { name: 'first' });
    const second = secretNamed.compile(db, { name: 'second' });
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual(['second']);
    // Later calls share the text's node and bring only their values and a query id of their own.
    expect(second.query).toBe(first.query);
    expect(second.queryId).not.toBe(first.queryId);
    expect(Object.isFrozen(second.query)).toBe(true);
    expect(await secretNamed.rows(db, { name: 'first' })).toEqual([{ name: 'first', value: 'one' }]);
    expect(await secretNamed.rows(db, { name: 'second' })).toEqual([{ name: 'second', value: 'two' }]);
    expect(await secretNamed.rows(db, { name: 'none' })).toEqual([]);
  });

  it('take a parameter used twice, and equal values in different parameters, each in its place', async () => {
    const db = await open();
    const pair = prepare((tx, param: Param<{ name: string; value: string }>) =>
      tx
        .selectFrom('app_secrets')
        .select('name')
        .where((eb) => eb.or([eb('name', '=', param('name')), eb('value', '=', param('name'))]))
        .where('value', '!=', param('value')),
    );
    expect(pair.compile(db, { name: 'one', value: 'x' }).parameters).toEqual(['one', 'one', 'x']);
    expect(await pair.rows(db, { name: 'one', value: 'x' })).toEqual([{ name: 'first' }]);
    expect(await pair.rows(db, { name: 'first', value: 'one' })).toEqual([]);
    expect(await pair.rows(db, { name: 'second', value: 'second' })).toEqual([{ name: 'second' }]);
  });

  it('write and report what they wrote', async () => {
    const db = await open();
    const rename = prepare((tx, param: Param<{ from: string; to: string }>) =>
      tx
        .updateTable('app_secrets')
        .set({ value: param('to') })
        .where('name', '=', param('from')),
    );
    const result = await rename.execute(db, { from: 'first', to: 'changed' });
    expect(Number(result.numAffectedRows)).toBe(1);
    expect(await secretNamed.rows(db, { name: 'first' })).toEqual([{ name: 'first', value: 'changed' }]);
  });

  it('refuse a value written into the query: it could be replayed with a later call', async () => {
    const db = await open();
    const constant = prepare((tx, param: Param<{ name: string }>) =>
      tx.selectFrom('app_secrets').selectAll().where('name', '=', param('name')).where('value', '=', 'one'),
    );
    expect(() => constant.compile(db, { name: 'first' })).toThrow(/every value as a named parameter.*one/);
    let outside = 'first';
    const closedOver = prepare((tx, _param: Param<Record<string, never>>) =>
      tx.selectFrom('app_secrets').selectAll().where('name', '=', outside),
    );
    await expect(closedOver.rows(db, {})).rejects.toThrow(/named parameter/);
    outside = 'second';
    await expect(closedOver.rows(db, {})).rejects.toThrow(/named parameter/);
  });

  it('fail loudly on a missing, unknown or misspelt parameter, and on a list', async () => {
    const db = await open();
    const call = (values: unknown) => secretNamed.rows(db, values as { name: string });
    await expect(call({})).rejects.toThrow(/needs the parameters name/);
    await expect(call({ nmae: 'first' })).rejects.toThrow(/no parameter "nmae"/);
    await expect(call({ name: 'first', value: 'one' })).rejects.toThrow(/no parameter "value"/);
    await expect(call({ name: undefined })).rejects.toThrow(/must be one value/);
    await expect(call({ name: ['first', 'second'] })).rejects.toThrow(/must be one value/);
    expect(await call({ name: 'first' })).toHaveLength(1);
  });

  it('read at once on SQLite only (PostgreSQL has a pool of connections and no lock to skip)', async () => {
    const db = await open();
    const now = readNow(db, secretNamed.compile(db, { name: 'first' }));
    expect(now).toEqual(dialect === 'sqlite' ? [{ name: 'first', value: 'one' }] : null);
  });

  it('read in a transaction through the transaction, and see what it wrote', async () => {
    const db = await open();
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('app_secrets').set({ value: 'changed' }).where('name', '=', 'first').execute();
      expect(readNow(tx, secretNamed.compile(tx, { name: 'first' }))).toBeNull();
      expect(await secretNamed.rows(tx, { name: 'first' })).toEqual([{ name: 'first', value: 'changed' }]);
    });
    expect(await secretNamed.rows(db, { name: 'first' })).toEqual([{ name: 'first', value: 'changed' }]);
  });
});
