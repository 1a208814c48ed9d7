import { describe, expect, it } from 'vitest';
import { dependencyDown } from './dependency-errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('dependencyDown', () => {
  it('recognises a database that is away', () => {
    expect(dependencyDown(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('database');
    expect(dependencyDown(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(dependencyDown(withCode('terminating connection due to administrator command', '57P01'))).toBe(
      'database',
    );
    expect(dependencyDown(withCode('connection failure', '08006'))).toBe('database');
    expect(dependencyDown(withCode('database is locked', 'SQLITE_BUSY'))).toBe('database');
  });

  it('recognises Redis that is away', () => {
    const maxRetries = new Error('Reached the max retries per request limit (which is 1).');
    maxRetries.name = 'MaxRetriesPerRequestError';
    expect(dependencyDown(maxRetries)).toBe('redis');
    expect(dependencyDown(new Error('Connection is closed.'))).toBe('redis');
  });

  it('leaves bugs and other errors alone', () => {
    expect(dependencyDown(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
    expect(
      dependencyDown(withCode('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT_UNIQUE')),
    ).toBeNull();
    expect(dependencyDown(withCode('duplicate key value violates unique constraint', '23505'))).toBeNull();
    expect(dependencyDown('not an error')).toBeNull();
  });
});
