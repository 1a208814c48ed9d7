import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { readPageConfig } from './lib/page-config';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const mount = root;
// The server may have sent this page prerendered (scripts/prerender-web.mjs): its screen's chunk comes
// first, so the render that replaces the prerendered markup shows the same screen, not a loading bar.
// (A promise, not a top-level await: that would make the bundler split the entry chunk for the lazy ones.)
void preloadRoute(window.location.pathname)
  .catch(() => {})
  .then(() =>
    createRoot(mount).render(
      <StrictMode>
        <App config={readPageConfig()} />
      </StrictMode>,
    ),
  );
