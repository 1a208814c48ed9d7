import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.js';

const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
/** The settings of .env.example, set or commented out, with their values. */
const settings = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=(.*)$/gm)].map(([, name, value]) => ({
  name: name!,
  value: value!,
}));

describe('.env.example', () => {
  it('lists every setting the server reads, and nothing else', () => {
    expect(new Set(settings.map((setting) => setting.name))).toEqual(new Set(CONFIG_VARIABLES));
  });

  it('gives each setting that has a default that default, so copying it changes nothing', () => {
    const active = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map(([, name, value]) => [name!, value!]),
    );
    expect(loadConfig(active)).toEqual(loadConfig({}));
  });
});
