import { createContext, useContext, type ReactNode } from 'react';
import type { PageConfig } from './page-config';

const PageConfigContext = createContext<PageConfig | null>(null);

export function PageConfigProvider({ value, children }: { value: PageConfig; children: ReactNode }) {
  return <PageConfigContext.Provider value={value}>{children}</PageConfigContext.Provider>;
}

export function usePageConfig(): PageConfig {
  const value = useContext(PageConfigContext);
  if (!value) throw new Error('usePageConfig needs a PageConfigProvider above it');
  return value;
}
