import { setFlagsFromString } from 'node:v8';

// V8's own checks, for tests that pin how the engine sees an object: the natives syntax (`%Name`) is read
// when a function is compiled, so the flag is set first and the checks are compiled from text after.
setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b);') as (a: object, b: object) => boolean;
const prepare = new Function('f', '%PrepareFunctionForOptimization(f);') as (f: unknown) => void;
const optimiseNextCall = new Function('f', '%OptimizeFunctionOnNextCall(f);') as (f: unknown) => void;

/**
 * Whether `make`, once V8 has optimised it, gives objects of one shape (hidden class) call after call, as
 * the reply serialiser and Fastify need to read them through their inline caches. `calls` give its
 * arguments: two to warm it up, then two whose results are compared.
 */
export function keepsOneShape<A extends unknown[]>(make: (...args: A) => object, calls: A[]): boolean {
  const [first, second, third, fourth] = calls;
  if (!first || !second || !third || !fourth) throw new Error('keepsOneShape needs four calls');
  prepare(make);
  make(...first);
  make(...second);
  optimiseNextCall(make);
  return haveSameMap(make(...third), make(...fourth));
}
