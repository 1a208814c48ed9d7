import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi } from '@/test/fetch-stub';
import { accountEvents } from './account-events';
import { apiRequest } from './http-client';
import { useServerState } from './use-server-state';

/** A read the test answers by hand, recording the signal each call was given. */
function manualReads<T>() {
  const calls: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const read = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => calls.push({ signal, resolve, reject }));
  return { calls, read };
}

describe('useServerState', () => {
  it('is loading until the first answer, then gives the data', async () => {
    const { calls, read } = manualReads<string>();
    const { result } = renderHook(() => useServerState({ key: 'greeting', read }));
    expect(result.current).toMatchObject({ loading: true, data: undefined, error: null });
    await act(async () => calls[0]?.resolve('hello'));
    expect(result.current).toMatchObject({ loading: false, data: 'hello', error: null });
    expect(calls).toHaveLength(1);
  });

  it("gives the server's sentence when the read fails, and no data", async () => {
    stubApi(() => apiError(503, 'database_unavailable', "We can't reach our database right now."));
    const { result } = renderHook(() =>
      useServerState({ key: 'things', read: (signal) => apiRequest<string[]>('/api/v1/things', { signal }) }),
    );
    await waitFor(() => expect(result.current.error).toBe("We can't reach our database right now."));
    expect(result.current).toMatchObject({ loading: false, data: undefined });
  });

  it('says "Server error" when the server cannot be reached at all', async () => {
    stubApi(() => 'networkError');
    const { result } = renderHook(() =>
      useServerState({ key: 'things', read: (signal) => apiRequest<string[]>('/api/v1/things', { signal }) }),
    );
    await waitFor(() => expect(result.current.error).toBe('Server error'));
  });

  it('reads again on reload: after a failure it waits again, with data it keeps showing it', async () => {
    const { calls, read } = manualReads<string>();
    const { result } = renderHook(() => useServerState({ key: 'greeting', read }));
    await act(async () => calls[0]?.reject(new Error('Not now.')));
    expect(result.current).toMatchObject({ loading: false, error: 'Not now.' });

    let reloaded: Promise<void> = Promise.resolve();
    act(() => void (reloaded = result.current.reload()));
    expect(result.current).toMatchObject({ loading: true, error: null });
    await act(async () => calls[1]?.resolve('hello'));
    await reloaded;
    expect(result.current).toMatchObject({ loading: false, data: 'hello' });

    act(() => void result.current.reload());
    expect(result.current).toMatchObject({ loading: false, data: 'hello' });
    await act(async () => calls[2]?.reject(new Error('Gone away.')));
    // A failed refresh leaves the last answer on screen, with the sentence that says why it is not newer.
    expect(result.current).toMatchObject({ loading: false, data: 'hello', error: 'Gone away.' });
  });

  it('drops an answer that a newer read overtook, and aborts it', async () => {
    const { calls, read } = manualReads<string>();
    const { result } = renderHook(() => useServerState({ key: 'greeting', read }));
    act(() => void result.current.reload());
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[1]?.resolve('new'));
    await act(async () => calls[0]?.resolve('old'));
    expect(result.current.data).toBe('new');
  });

  it('drops an answer that comes after unmount, and aborts its read', async () => {
    const { calls, read } = manualReads<string>();
    const { result, unmount } = renderHook(() => useServerState({ key: 'greeting', read }));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[0]?.resolve('late'));
    expect(result.current.data).toBeUndefined();
  });

  it("reads for a new key without showing the old key's answer, and reads nothing for a null key", async () => {
    const { calls, read } = manualReads<string>();
    const { result, rerender } = renderHook(({ key }) => useServerState({ key, read }), {
      initialProps: { key: 'ada' as string | null },
    });
    await act(async () => calls[0]?.resolve('for ada'));
    rerender({ key: 'bob' });
    expect(result.current).toMatchObject({ loading: true, data: undefined });
    await act(async () => calls[1]?.resolve('for bob'));
    expect(result.current.data).toBe('for bob');
    rerender({ key: null });
    expect(result.current).toMatchObject({ loading: false, data: undefined, error: null });
    expect(calls).toHaveLength(2);
  });

  it('reads again on the account events it names, and only on those', async () => {
    const { calls, read } = manualReads<string>();
    renderHook(() => useServerState({ key: 'passkeys', read, refreshOn: ['security_changed'] }));
    await act(async () => calls[0]?.resolve('one'));
    act(() => accountEvents.emit({ event: 'email_changed' }));
    expect(calls).toHaveLength(1);
    act(() => accountEvents.emit({ event: 'security_changed' }));
    expect(calls).toHaveLength(2);
  });

  it('takes what a push or a call said without reading', async () => {
    const { calls, read } = manualReads<string[]>();
    const { result } = renderHook(() => useServerState({ key: 'list', read }));
    act(() => result.current.set((now) => now?.slice(1)));
    // Nothing to change before the first answer.
    expect(result.current.loading).toBe(true);
    await act(async () => calls[0]?.resolve(['a', 'b']));
    act(() => result.current.set((now) => now?.slice(1)));
    expect(result.current.data).toEqual(['b']);
    act(() => result.current.set(() => ['c']));
    expect(result.current).toMatchObject({ data: ['c'], loading: false });
    expect(calls).toHaveLength(1);
  });
});
