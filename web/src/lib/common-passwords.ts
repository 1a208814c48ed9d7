let list: Promise<ReadonlySet<string>> | null = null;

/**
 * The server's common-password list (zxcvbn-ts, about 200 KB on the wire), fetched the first time a password
 * is typed into a form that sets one, and never on the way to any other page. A failed fetch is forgotten, so the
 * next form tries again; until then the server's own check still answers on submit.
 */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
    (error: unknown) => {
      list = null;
      throw error;
    },
  );
  return list;
}
