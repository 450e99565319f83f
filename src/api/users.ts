import { Me } from '../contract/users.ts';
import { request } from './client.ts';

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export const fetchMe = () => request('/users-api/users/me', { schema: Me });

export interface UserPatch {
  psiLastLogin?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
}
export const patchUser = (id: number, patch: UserPatch) =>
  request(`/users-api/users/${id}`, { method: 'PATCH', json: patch, schema: Me });

/**
 * The sign-in's last-login stamp (PATCH psiLastLogin). The sign-in has just emptied the query cache,
 * and the only answers that show the stamp (Last Sign-in in the user and admin lists) are not
 * fetched until a later page asks for them, after it has landed; so the write clock does not hear
 * it, and the landing's answers fetched beside it keep their age on the next visit.
 */
export const stampLastLogin = (id: number, at: Date) =>
  request(`/users-api/users/${id}`, {
    method: 'PATCH',
    json: { psiLastLogin: at.toISOString() } satisfies UserPatch,
    schema: Me,
    clock: false,
  });
