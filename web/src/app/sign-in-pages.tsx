import { useLocation } from 'react-router';
import { LoginScreen } from '@/features/auth/login-screen';
import { returnPathFrom } from '@/features/auth/return-to';
import { SignupScreen } from '@/features/auth/signup-screen';
import { ProviderButtons } from '@/features/identities/provider-buttons';

/**
 * /login and /signup with the provider buttons of DESIGN 14 under their forms: the features give the screen
 * and the buttons, this file puts them together (features never import each other). One chunk, as before.
 */
function Providers() {
  const { state, search } = useLocation();
  const returnTo = returnPathFrom(state, search);
  return <ProviderButtons returnTo={returnTo} />;
}

export function LoginPage() {
  return <LoginScreen alternatives={<Providers />} />;
}

export function SignupPage() {
  return <SignupScreen alternatives={<Providers />} />;
}
