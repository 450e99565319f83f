import { queryOptions } from '@tanstack/react-query';
import { AgentMessagePreferences } from '../contract/agent-message-preferences.ts';
import { request } from './client.ts';

// The agent's choice of how they hear of a new referral and of a reminder (the profile's Notify me by).

export const messagePreferenceKeys = { all: ['message-preferences'] as const };

export const messagePreferencesQueryOptions = () => queryOptions({
  queryKey: messagePreferenceKeys.all,
  queryFn: () => request('/agents-api/message-preferences', { schema: AgentMessagePreferences }),
});

export const saveMessagePreferences = (prefs: AgentMessagePreferences) =>
  request('/agents-api/message-preferences', { method: 'PUT', json: prefs, schema: AgentMessagePreferences });
