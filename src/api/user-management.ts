import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';

import {
  FlexAttributeList,
  FlexValue,
  UserAuditPage,
  UserDetail,
  UserPage,
  UserRoleList,
  type RoleGrantBody,
  type UserCreateBody,
} from '../contract/users.ts';
import { removeUser, resendInvite } from './brokerage-admins.ts';
import { request } from './client.ts';
import { sortParam, type Paging } from './staff.ts';
import { patchUser, type UserPatch } from './users.ts';
import { write } from './write.ts';

// User Management (spec 1 section 7 "Users"): the list, one user, the roles catalogue, flex
// attributes, a user's history, and the writes (create, roles, flex values; resend and deactivate
// are brokerage-admins.ts's resendInvite and removeUser, the same calls My Admins makes).

export interface UserFilter {
  q: string;
  role: string;
  status: string;
}
export type UserListParams = Paging & UserFilter & { sort: { key: string; desc: boolean } };

export const userManagementKeys = {
  all: ['user-management'] as const,
  list: (p: UserListParams) => [...userManagementKeys.all, 'list', p] as const,
  detail: (id: number) => [...userManagementKeys.all, 'detail', id] as const,
  audit: (id: number, p: Paging) => [...userManagementKeys.detail(id), 'audit', p] as const,
  roles: () => [...userManagementKeys.all, 'roles'] as const,
  flexAttributes: () => [...userManagementKeys.all, 'flex-attributes'] as const,
};

export const usersQueryOptions = (p: UserListParams) =>
  queryOptions({
    queryKey: userManagementKeys.list(p),
    queryFn: () =>
      request('/users-api/users', {
        query: {
          pageIndex: p.pageIndex,
          pageSize: p.pageSize,
          sort: sortParam(p.sort),
          q: p.q || undefined,
          role: p.role || undefined,
          status: p.status || undefined,
        },
        schema: UserPage,
      }),
  });

export const userDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userManagementKeys.detail(id),
    queryFn: () => request(`/users-api/users/${id}`, { schema: UserDetail }),
    // A user's status and invite change outside this console (the invitee registers, another admin
    // edits them): the page refetches every time it opens, also over a copy restored after a reload.
    staleTime: 0,
  });

export const userAuditQueryOptions = (id: number, p: Paging) =>
  queryOptions({
    queryKey: userManagementKeys.audit(id, p),
    queryFn: () =>
      request(`/users-api/users/${id}/audit`, {
        query: { pageIndex: p.pageIndex, pageSize: p.pageSize },
        schema: UserAuditPage,
      }),
    staleTime: 0,
  });

export const userRolesQueryOptions = () =>
  queryOptions({
    queryKey: userManagementKeys.roles(),
    queryFn: () => request('/users-api/userRoles', { schema: UserRoleList }),
    staleTime: 5 * 60_000,
  });

export const flexAttributesQueryOptions = () =>
  queryOptions({
    queryKey: userManagementKeys.flexAttributes(),
    queryFn: () => request('/users-api/flexAttributes', { schema: FlexAttributeList }),
    staleTime: 5 * 60_000,
  });

export const createUser = (body: UserCreateBody) =>
  request('/users-api/users', { method: 'POST', json: body, schema: UserDetail });
export const grantRole = (id: number, body: RoleGrantBody) =>
  request(`/users-api/users/${id}/roles`, { method: 'POST', json: body, schema: UserDetail });
export const revokeRole = (id: number, roleId: number) =>
  request(`/users-api/users/${id}/roles/${roleId}`, { method: 'DELETE', schema: UserDetail });
export const setFlexValue = (id: number, attributeId: number, value: string, exists: boolean) =>
  exists
    ? request(`/users-api/users/${id}/flexAttributes/${attributeId}`, {
        method: 'PATCH',
        json: { value },
        schema: FlexValue,
      })
    : request(`/users-api/users/${id}/flexAttributes`, {
        method: 'POST',
        json: { attributeId, value },
        schema: FlexValue,
      });
export const removeFlexValue = (id: number, attributeId: number) =>
  request(`/users-api/users/${id}/flexAttributes/${attributeId}`, { method: 'DELETE', schema: v.unknown() });

// The writes of User Management: each reloads what the screens show of users (list, user, history).
const refreshUsers = (client: QueryClient) => ({
  onSuccess: () => {
    void client.invalidateQueries({ queryKey: userManagementKeys.all });
  },
});
export const createUserWrite = write(createUser, refreshUsers);
export const saveUserNameWrite = (id: number) => write((patch: UserPatch) => patchUser(id, patch), refreshUsers);
export const grantRoleWrite = (id: number) => write((body: RoleGrantBody) => grantRole(id, body), refreshUsers);
export const revokeRoleWrite = (id: number) => write((roleId: number) => revokeRole(id, roleId), refreshUsers);
export const setFlexValueWrite = (id: number, attributeId: number) =>
  write(
    ({ value, exists }: { value: string; exists: boolean }) => setFlexValue(id, attributeId, value, exists),
    refreshUsers,
  );
export const removeFlexValueWrite = (id: number, attributeId: number) =>
  write(() => removeFlexValue(id, attributeId), refreshUsers);
export const resendUserInviteWrite = (id: number) => write(() => resendInvite(id), refreshUsers);
export const deactivateUserWrite = (id: number) => write(() => removeUser(id), refreshUsers);
