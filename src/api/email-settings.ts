import { queryOptions, type QueryClient } from '@tanstack/react-query';

import {
  EmailSetting,
  EmailSettingList,
  EmailTemplateList,
  type EmailSettingBody,
} from '../contract/email-settings.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// Email settings (spec 1 section 7): templates, the brokerage's settings, add or change, delete.
// A brokerage admin's calls leave brokerageId out (their own); the staff screen names the brokerage.

export const emailSettingKeys = {
  all: ['email-settings'] as const,
  list: (brokerageId: number | undefined) => [...emailSettingKeys.all, 'list', brokerageId ?? 'own'] as const,
  templates: () => [...emailSettingKeys.all, 'templates'] as const,
};

export const emailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: emailSettingKeys.templates(),
    queryFn: () => request('/users-api/emailSettings/templates', { schema: EmailTemplateList }),
    staleTime: Infinity,
  });

export const emailSettingsQueryOptions = (brokerageId?: number) =>
  queryOptions({
    queryKey: emailSettingKeys.list(brokerageId),
    queryFn: () => request('/users-api/emailSettings', { query: { brokerageId }, schema: EmailSettingList }),
  });

export const saveEmailSetting = (body: EmailSettingBody) =>
  request('/users-api/emailSettings', { method: 'POST', json: body, schema: EmailSetting });
export const deleteEmailSetting = (id: number) => request(`/users-api/emailSettings/${id}`, { method: 'DELETE' });

// The writes for one brokerage's addresses (undefined: the signed-in admin's own); each reads the list again.
const refreshEmailSettings = (brokerageId: number | undefined) => (client: QueryClient) => ({
  onSuccess: () => {
    void client.invalidateQueries({ queryKey: emailSettingKeys.list(brokerageId) });
  },
});
/** Adds (for the brokerage given) or changes an address. */
export const saveEmailSettingWrite = (brokerageId: number | undefined) =>
  write(
    (body: EmailSettingBody) =>
      saveEmailSetting({ ...body, ...(brokerageId !== undefined && body.id === undefined ? { brokerageId } : {}) }),
    refreshEmailSettings(brokerageId),
  );
export const deleteEmailSettingWrite = (brokerageId: number | undefined) =>
  write(deleteEmailSetting, refreshEmailSettings(brokerageId));
