import { queryOptions } from '@tanstack/react-query';
import { EmailSetting, EmailSettingList, EmailTemplateList, type EmailSettingBody } from '../contract/email-settings.ts';
import { request } from './client.ts';

// Email settings (spec 1 section 7): templates, the brokerage's settings, add or change, delete.
// A brokerage admin's calls leave brokerageId out (their own); the staff screen names the brokerage.

export const emailSettingKeys = {
  all: ['email-settings'] as const,
  list: (brokerageId: number | undefined) => [...emailSettingKeys.all, 'list', brokerageId ?? 'own'] as const,
  templates: () => [...emailSettingKeys.all, 'templates'] as const,
};

export const emailTemplatesQueryOptions = () => queryOptions({
  queryKey: emailSettingKeys.templates(),
  queryFn: () => request('/users-api/emailSettings/templates', { schema: EmailTemplateList }),
  staleTime: Infinity,
});

export const emailSettingsQueryOptions = (brokerageId?: number) => queryOptions({
  queryKey: emailSettingKeys.list(brokerageId),
  queryFn: () => request('/users-api/emailSettings', { query: { brokerageId }, schema: EmailSettingList }),
});

export const saveEmailSetting = (body: EmailSettingBody) =>
  request('/users-api/emailSettings', { method: 'POST', json: body, schema: EmailSetting });
export const deleteEmailSetting = (id: number) => request(`/users-api/emailSettings/${id}`, { method: 'DELETE' });
