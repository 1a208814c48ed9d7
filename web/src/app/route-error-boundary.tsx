import { Component, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';

/**
 * Catches a screen that failed to load or render (typically a chunk that could not be fetched after a new
 * release or on a lost connection) and offers a reload instead of a blank page. The shell keys it by path,
 * so moving elsewhere starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Page title="This page could not be loaded">
        <p>Please check your connection and try again.</p>
        <Button className="self-start" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Page>
    );
  }
}
