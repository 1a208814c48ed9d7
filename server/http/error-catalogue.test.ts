import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, ERROR_VARIANTS } from '../../contract/errors.js';
import { buildTestApp, type TestApp } from '../test/helper.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Operation {
  responses: Record<string, { description?: string }>;
}

/** Every `code: "sentence"` pair a description names. */
function namedErrors(description: string): Array<{ code: string; message: string }> {
  return [...description.matchAll(/([a-z_]+): "(.*?)"(?=; |\.?$)/g)].map(([, code, message]) => ({
    code: code!,
    message: message!,
  }));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

let testApp: TestApp;
let named: Array<{ code: string; message: string }>;
beforeAll(async () => {
  testApp = await buildTestApp();
  const document = (await testApp.app.inject('/api/openapi.json')).json();
  const operations = Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap(
    (byMethod) => Object.values(byMethod),
  );
  const errorDescriptions = operations.flatMap((operation) =>
    Object.entries(operation.responses)
      .filter(([status]) => Number(status) >= 400)
      .map(([, response]) => response.description ?? ''),
  );
  named = [document.info.description, ...errorDescriptions].flatMap(namedErrors);
});
afterAll(() => testApp.close());

describe('the error catalogue of contract/errors.ts', () => {
  it('holds every error code the OpenAPI description names, with its sentence or a named variant', () => {
    expect(named.length).toBeGreaterThan(0);
    const sentences = new Set<string>([...Object.values(ERROR_MESSAGES), ...Object.values(ERROR_VARIANTS)]);
    for (const { code, message } of named) {
      expect(ERROR_CODES, `${code} is not in the catalogue`).toContain(code);
      expect(sentences.has(message), `"${message}" (${code}) is not a sentence of the catalogue`).toBe(true);
    }
  });

  it('is described in the OpenAPI document code by code', () => {
    const described = new Set(named.map(({ code }) => code));
    expect(ERROR_CODES.filter((code) => !described.has(code))).toEqual([]);
  });

  it('is the only source of error replies: every one is made by server/http/errors.ts', () => {
    const makers = sourceFiles(serverDir)
      .filter((file) => readFileSync(file, 'utf8').includes('new AppError('))
      .map((file) => relative(serverDir, file));
    expect(makers).toEqual(['http/errors.ts']);
  });
});
