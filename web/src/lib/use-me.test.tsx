import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, heldReply, stubApi } from '@/test/fetch-stub';
import { signedInMe, signedInUser } from '@/test/fixtures';
import { useMe } from './use-me';
import { sessionStore } from './session-store';

describe('useMe', () => {
  it('gives the stored user at once and keeps the e-mail and role the server now has', async () => {
    sessionStore.setUser(signedInUser);
    const calls = stubApi(() => ({
      status: 200,
      body: { ...signedInMe, email: 'ada@new.example', role: 1 },
    }));
    const { result } = renderHook(() => useMe());
    expect(result.current).toEqual(signedInUser);
    await waitFor(() => expect(result.current?.email).toBe('ada@new.example'));
    expect(result.current).toMatchObject({ role: 1, auth_token: signedInUser.auth_token });
    expect(calls.map((call) => call.headers.Authorization)).toEqual(['Bearer token-of-ada']);
  });

  it('signs the page out when the server no longer knows the session', async () => {
    sessionStore.setUser(signedInUser);
    stubApi(() => apiError(401, 'invalid_token', 'Please sign in again.'));
    const { result } = renderHook(() => useMe());
    await waitFor(() => expect(result.current).toBeNull());
  });

  it('asks nothing for a visitor', () => {
    const calls = stubApi(() => ({ status: 200, body: signedInMe }));
    const { result } = renderHook(() => useMe());
    expect(result.current).toBeNull();
    expect(calls).toEqual([]);
  });

  it('does not lay a late reply for one session over the user who signed in since', async () => {
    sessionStore.setUser(signedInUser);
    const held = heldReply({ status: 200, body: { ...signedInMe, email: 'ada@new.example' } });
    const bob = { ...signedInUser, id: 8, email: 'bob@example.com', auth_token: 'token-of-bob' };
    const { auth_token: _bobToken, ...bobMe } = bob;
    const calls = stubApi((call) =>
      call.headers.Authorization === 'Bearer token-of-ada' ? held.promise : { status: 200, body: bobMe },
    );
    renderHook(() => useMe());
    act(() => sessionStore.setUser(bob));
    await waitFor(() => expect(calls).toHaveLength(2));
    held.release();
    await held.promise;
    await act(async () => {});
    expect(sessionStore.getUser()).toEqual(bob);
  });
});
