import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

/**
 * The page in each encoding a browser may ask for. Its text changes only with config, so each encoding is
 * made once, at the first request that asks for it: compressing every page at brotli's best quality before
 * listening took a tenth of the cold start (decision 171).
 */
export interface EncodedPage {
  identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

export function encodePage(html: string): EncodedPage {
  const identity = Buffer.from(html, 'utf8');
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    identity,
    get br() {
      br ??= brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      });
      return br;
    },
    get gzip() {
      gzip ??= gzipSync(identity, { level: 9 });
      return gzip;
    },
  };
}

/**
 * The encoding to answer an Accept-Encoding header with: brotli before gzip when both are acceptable, none
 * when neither is (absent header, `identity`, or `q=0`). `*` stands for any encoding not named.
 */
export function pickEncoding(header: string | undefined): PageEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: PageEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}
