import type { Me } from '../../contract/users.js';

/** The parts of GET /api/v1/me that features add beside the user JSON. */
export type MeParts = Omit<Me, 'id' | 'email' | 'role' | 'created_at' | 'email_verified' | 'has_password'>;
type MePartName = keyof MeParts;

/** Each part's value in an app whose feature for it is not there (no subscriptions: none). */
const ABSENT: MeParts = { subscription: null };

/** The extension point of /me: a feature adds the part it owns (subscriptions: the subscription). */
export class MePartsRegistry {
  private readonly readers = new Map<MePartName, (userId: number) => Promise<unknown>>();

  add<K extends MePartName>(name: K, read: (userId: number) => Promise<MeParts[K]>): void {
    if (this.readers.has(name)) throw new Error(`The /me part ${name} is added twice.`);
    this.readers.set(name, read);
  }

  async of(userId: number): Promise<MeParts> {
    const parts = { ...ABSENT };
    for (const [name, read] of this.readers) parts[name] = (await read(userId)) as never;
    return parts;
  }
}
