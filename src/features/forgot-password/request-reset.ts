import { request } from '../../api/client.ts';

/** POST /users-api/users/passwordReset: always 204, whether or not the address has an account. */
export const requestPasswordReset = (emailAddress: string) =>
  request('/users-api/users/passwordReset', { method: 'POST', auth: false, json: { emailAddress } });
