import type { ServerState } from '@/lib/use-server-state';
import { Message } from './message';
import { ProgressBar } from './progress-bar';

/**
 * What a part of a screen says about reading its server state: the waiting bar until the first answer,
 * the failure's sentence after one. The data itself is the screen's to show.
 */
export function LoadStatus({
  state,
  label,
}: {
  state: Pick<ServerState<unknown>, 'loading' | 'error'>;
  /** Names the waiting bar, e.g. 'Loading your devices'. */
  label: string;
}) {
  if (state.loading) return <ProgressBar label={label} />;
  if (state.error) return <Message tone="error">{state.error}</Message>;
  return null;
}
