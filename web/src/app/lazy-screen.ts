import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A screen in a chunk of its own that the first render can have loaded beforehand (preloadRoute). */
export type LazyScreen<P extends object = object> = FunctionComponent<P> & { preload(): Promise<void> };

/**
 * Like React.lazy, but once preload() has resolved the screen renders at once, without suspending: the
 * first render of a page the server sent prerendered then shows the same content, never a loading bar.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  const fetchOnce = async () => (loaded ??= await load());
  const Suspending = lazy(async () => ({ default: await fetchOnce() }));
  function Screen(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded screen would remount it.
    const [component] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(component, props);
  }
  return Object.assign(Screen, { preload: async () => void (await fetchOnce()) });
}
