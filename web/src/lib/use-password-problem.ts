import { useEffect, useState } from 'react';
import { passwordProblem } from '@contract/password-rules';
import { loadCommonPasswords } from './common-passwords';
import { usePageConfig } from './page-config-context';

const NOT_LOADED: ReadonlySet<string> = new Set();

/**
 * What the server would say of this new password (contract/password-rules.ts), checked as it is typed; null
 * when nothing is wrong, or nothing typed. The common list arrives a moment later, then the check runs again.
 */
export function usePasswordProblem(password: string, email: string): string | null {
  const { appName } = usePageConfig();
  const [commonPasswords, setCommonPasswords] = useState(NOT_LOADED);
  // Fetched at the first letter typed: whoever only looks at the form does not pay for the list.
  const typing = password.length > 0;
  useEffect(() => {
    if (!typing) return;
    let current = true;
    loadCommonPasswords().then(
      (list) => current && setCommonPasswords(list),
      // Not loaded: the other rules still run here, and the server's check on submit covers this one.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [typing]);
  return password ? passwordProblem(password, { email, appName, commonPasswords }) : null;
}
