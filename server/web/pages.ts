import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { encodePage, type EncodedPage } from './page-encoding.js';
import { renderPage } from './page.js';

/** The built pages, filled with the settings and compressed once: they change only with config. */
export interface Pages {
  /** The page with an empty #root, for every path without a prerendered page of its own. */
  fallback: EncodedPage;
  /** Public pages the build prerendered (scripts/prerender-web.mjs), by path. */
  byPath: Map<string, EncodedPage>;
}

/** Reads the build's pages from `webRoot`, or null when there is no build there. */
export function loadPages(webRoot: string, config: Config): Pages | null {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) return null;
  const fill = (file: string) => encodePage(renderPage(readFileSync(file, 'utf8'), config));
  const byPath = new Map<string, EncodedPage>();
  const listFile = join(webRoot, 'pages', 'pages.json');
  if (existsSync(listFile)) {
    const list = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string>;
    for (const [path, file] of Object.entries(list)) byPath.set(path, fill(join(webRoot, 'pages', file)));
  }
  return { fallback: fill(indexFile), byPath };
}
