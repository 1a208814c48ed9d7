import { render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Greeting({ children }: { children?: ReactNode }) {
  return <p>Hello {children}</p>;
}

const inSuspense = (node: ReactNode) => <Suspense fallback={<p>Loading the page</p>}>{node}</Suspense>;

describe('lazyScreen', () => {
  it('shows the loading fallback first when its chunk has not been loaded, then the screen', async () => {
    const Screen = lazyScreen(async () => Greeting);
    render(inSuspense(<Screen>there</Screen>));
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
  });

  it('renders the screen at once, with its props, once preload() has resolved', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads += 1;
      return Greeting;
    });
    await Screen.preload();
    render(inSuspense(<Screen>again</Screen>));
    expect(screen.getByText('Hello again')).toBeInTheDocument();
    expect(screen.queryByText('Loading the page')).not.toBeInTheDocument();
    await Screen.preload();
    expect(loads).toBe(1);
  });
});
