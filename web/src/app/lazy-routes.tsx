import { lazy, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';

type LazyRoute = () => Promise<{ Component?: ComponentType | null; element?: ReactNode }>;

/**
 * Honours React Router's `lazy` route property (`lazy: async () => ({ Component })`) under the declarative
 * router, which otherwise ignores it: the route's module is fetched on first visit through React.lazy and
 * the shell's Suspense. So a feature may register its screen either way (docs/decisions/030).
 */
export function withLazyRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withLazyRoutes(route.children) : undefined;
    const withChildren = (children ? { ...route, children } : route) as RouteObject;
    if (route.lazy === undefined) return withChildren;
    if (typeof route.lazy !== 'function' || route.element !== undefined) {
      throw new Error(`Route ${route.path ?? '(index)'}: only the function form of lazy, without an element`);
    }
    const load = route.lazy as LazyRoute;
    const Screen = lazy(async () => {
      const { Component, element } = await load();
      return { default: Component ?? (() => <>{element}</>) };
    });
    const { lazy: _lazy, ...rest } = withChildren;
    return { ...rest, element: <Screen /> } as RouteObject;
  });
}
