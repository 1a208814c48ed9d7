import type { Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are ISO 8601 text and booleans are 0/1 integers so both dialects store the same values. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: number;
  created_at: string;
  updated_at: string;
  password_changed_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string | null;
  kind: 'password' | 'signup' | 'qr';
  pending: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  event: string;
  subject: string;
  ip: string | null;
}

export interface SecretsTable {
  name: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  audit_events: AuditEventsTable;
  app_secrets: SecretsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PasswordResetRow = Selectable<PasswordResetsTable>;
