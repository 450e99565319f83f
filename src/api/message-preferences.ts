import { queryOptions } from '@tanstack/react-query';

import { AgentMessagePreferences } from '../contract/agent-message-preferences.ts';
import { request } from './client.ts';
import { write } from './write.ts';

// The agent's choice of how they hear of a new referral and of a reminder (the profile's Notify me by).

export const messagePreferenceKeys = { all: ['message-preferences'] as const };

export const messagePreferencesQueryOptions = () =>
  queryOptions({
    queryKey: messagePreferenceKeys.all,
    queryFn: () => request('/agents-api/message-preferences', { schema: AgentMessagePreferences }),
  });

export const saveMessagePreferences = (prefs: AgentMessagePreferences) =>
  request('/agents-api/message-preferences', { method: 'PUT', json: prefs, schema: AgentMessagePreferences });

/** Saves the agent's choices as they are ticked: shown at once, then as saved; a refusal reads them again. */
export const saveMessagePreferencesWrite = write(saveMessagePreferences, (client) => ({
  onMutate: (next) => {
    client.setQueryData(messagePreferenceKeys.all, next);
  },
  onSuccess: (saved) => {
    client.setQueryData(messagePreferenceKeys.all, saved);
  },
  onError: () => client.invalidateQueries({ queryKey: messagePreferenceKeys.all }),
}));
