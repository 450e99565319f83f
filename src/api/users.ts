import { queryOptions } from '@tanstack/react-query';
import { request } from './client.ts';
import { Me } from '../contract/users.ts';

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export const fetchMe = () => request('/users-api/users/me', { schema: Me });
export const meQueryOptions = () => queryOptions({ queryKey: userKeys.me(), queryFn: fetchMe });

export interface UserPatch { psiLastLogin?: string; firstName?: string; lastName?: string; password?: string }
export const patchUser = (id: number, patch: UserPatch) =>
  request(`/users-api/users/${id}`, { method: 'PATCH', json: patch, schema: Me });
