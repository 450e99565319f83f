import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { BrokerageAdmin, BrokerageAdminPage, UserRemoved } from '../contract/brokerage-admins.ts';
import { InviteSent } from '../contract/users.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// My Admins: the brokerage's administrators, inviting (POST /users-api/invites), resending
// (GET /users-api/users/resendInvite/{id}) and removing (DELETE /users-api/users/{id}).

export interface AdminListParams {
  pageIndex: number;
  pageSize: number;
}

export const brokerageAdminKeys = {
  all: ['brokerage-admins'] as const,
  list: (p: AdminListParams) => [...brokerageAdminKeys.all, 'list', p] as const,
  detail: (id: number) => [...brokerageAdminKeys.all, 'detail', id] as const,
};

export const brokerageAdminsQueryOptions = (p: AdminListParams) =>
  queryOptions({
    queryKey: brokerageAdminKeys.list(p),
    queryFn: () => request('/users-api/brokerage-admins', { query: { ...p }, schema: BrokerageAdminPage }),
  });

export const brokerageAdminQueryOptions = (id: number) =>
  queryOptions({
    queryKey: brokerageAdminKeys.detail(id),
    queryFn: () => request(`/users-api/brokerage-admins/${id}`, { schema: BrokerageAdmin }),
  });

export interface AdminInvite {
  email: string;
  firstName: string;
  lastName: string;
}
export const inviteAdmin = (invite: AdminInvite) =>
  request('/users-api/invites', { method: 'POST', json: { ...invite, role: 'BROKERAGE_ADMIN' }, schema: InviteSent });
export const resendInvite = (id: number) => request(`/users-api/users/resendInvite/${id}`, { schema: InviteSent });
export const removeUser = (id: number) => request(`/users-api/users/${id}`, { method: 'DELETE', schema: UserRemoved });
// My Admins' writes: each reads the administrators again.
const refreshAdmins = (client: QueryClient) => ({
  onSuccess: () => {
    void client.invalidateQueries({ queryKey: brokerageAdminKeys.all });
  },
});
export const inviteAdminWrite = write(inviteAdmin, refreshAdmins);
export const resendAdminInviteWrite = write(resendInvite, refreshAdmins);
export const removeAdminWrite = write(removeUser, refreshAdmins);
