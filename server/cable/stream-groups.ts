import type { PushBus } from '../push/bus.js';

interface Group<Member> {
  members: Set<Member>;
  /** The one bus subscription of the group: its stop function once subscribed. */
  subscribed: Promise<() => void>;
}

/**
 * The sockets of this process that listen on one stream share a single bus subscription: a broadcast is
 * read and framed once for all of a user's sockets, not once per socket, and a Redis bus holds one
 * subscription per user and session instead of one per socket.
 */
export class StreamGroups<Member> {
  private readonly groups = new Map<string, Group<Member>>();

  constructor(
    private readonly bus: PushBus,
    /** Called once per broadcast with every member of the stream's group at that moment. */
    private readonly deliver: (message: unknown, members: ReadonlySet<Member>) => void,
  ) {}

  /** Adds `member` to the stream's group once the subscription holds; returns the function that leaves. */
  async join(stream: string, member: Member): Promise<() => void> {
    let group = this.groups.get(stream);
    if (!group) {
      const members = new Set<Member>();
      const created: Group<Member> = {
        members,
        subscribed: this.bus.subscribe(stream, (message) => this.deliver(message, members)),
      };
      created.subscribed.catch(() => this.forget(stream, created));
      this.groups.set(stream, created);
      group = created;
    }
    const joined = group;
    joined.members.add(member);
    try {
      await joined.subscribed;
    } catch (error) {
      joined.members.delete(member);
      throw error;
    }
    return () => {
      joined.members.delete(member);
      if (joined.members.size > 0) return;
      this.forget(stream, joined);
      joined.subscribed.then(
        (stop) => stop(),
        () => {},
      );
    };
  }

  private forget(stream: string, group: Group<Member>) {
    if (this.groups.get(stream) === group) this.groups.delete(stream);
  }
}
