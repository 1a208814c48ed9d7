import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Message } from '@/components/ui/message';
import { goTo, startUrl, useProviders } from './api/providers';
import { flowErrorOf } from './provider-error';
import { markOf } from './provider-marks';

/**
 * 'Continue with Google' and the others (DESIGN 14), on /login and /signup: a button per configured provider,
 * with its mark (Google, Apple) or plain (any other), one that cannot be reached now disabled with the reason; above them, the sentence of a flow that came back with `?error=`. Nothing when none is configured.
 */
export function ProviderButtons({ returnTo }: { returnTo?: string }) {
  const { search } = useLocation();
  const { data: providers } = useProviders();
  const error = flowErrorOf(search, providers);
  if (!error && (!providers || providers.length === 0)) return null;
  return (
    <section aria-label="Other ways to sign in" className="flex flex-col gap-3">
      {error ? <Message tone="error">{error}</Message> : null}
      {providers && providers.length > 0 ? (
        <>
          <p className="text-slate-700">Or continue with an account you already have:</p>
          <ul className="flex flex-col gap-2">
            {providers.map((provider) => (
              <li key={provider.id} className="flex flex-col gap-1">
                <Button
                  variant="secondary"
                  className="gap-3"
                  disabled={!provider.available}
                  aria-describedby={provider.available ? undefined : `provider-${provider.id}-down`}
                  onClick={() => goTo.assign(startUrl(provider.id, { returnTo }))}
                >
                  {markOf(provider.id)}
                  Continue with {provider.name}
                </Button>
                {provider.available ? null : (
                  <p id={`provider-${provider.id}-down`} className="text-sm text-slate-700">
                    {provider.name} cannot be reached right now. Please try again in a few minutes.
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
