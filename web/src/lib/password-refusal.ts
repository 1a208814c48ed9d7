import { ApiError } from './http-client';

/** The server's refusal of a password, kept with the password it refused so it leaves once that is edited. */
export interface Refusal {
  password: string;
  sentence: string;
}

/** The server's `weak_password` sentence about `password`, or null for any other error. */
export function refusalOf(error: unknown, password: string): Refusal | null {
  return error instanceof ApiError && error.code === 'weak_password'
    ? { password, sentence: error.message }
    : null;
}
