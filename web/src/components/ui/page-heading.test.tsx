import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './link';
import { PageHeading, useNavigationMark } from './page-heading';

const Heading = () => <PageHeading className="">Your account</PageHeading>;

/** The shell's part: marks each route change, and a toolbar control outside the page. */
function Layout() {
  useNavigationMark(useLocation().pathname);
  return (
    <>
      <button type="button">Your account menu</button>
      <Outlet />
    </>
  );
}

/** The pages; the account page's code arrives when the returned function is called, as a lazy chunk does. */
function renderPages() {
  let arrive: () => void = () => {};
  const arrived = new Promise<{ default: typeof Heading }>((resolve) => {
    arrive = () => resolve({ default: Heading });
  });
  const LatePage = lazy(() => arrived);
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/" element={<Link to="/account">Go to your account</Link>} />
          <Route
            path="/account"
            element={
              <Suspense fallback={<p>Loading</p>}>
                <LatePage />
              </Suspense>
            }
          />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return async () => {
    await act(async () => {
      arrive();
      await arrived;
    });
  };
}

describe('PageHeading', () => {
  it('takes the focus when a page that arrives late is shown after a route change', async () => {
    const finishLoading = renderPages();
    await userEvent.click(screen.getByRole('link', { name: 'Go to your account' }));
    await finishLoading();
    expect(screen.getByRole('heading', { name: 'Your account' })).toHaveFocus();
  });

  it('leaves the focus on a control the person chose while the page was still loading', async () => {
    const finishLoading = renderPages();
    await userEvent.click(screen.getByRole('link', { name: 'Go to your account' }));
    const menu = screen.getByRole('button', { name: 'Your account menu' });
    await userEvent.click(menu);
    await finishLoading();
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(menu).toHaveFocus();
  });
});
