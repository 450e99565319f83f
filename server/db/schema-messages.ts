/** 039_message_delivery.sql: the global pace of bulk texts across relays. */
export interface MessagePacingTable {
  lane: string;
  next_slot: Date;
}

/** 040_agent_message_preferences.sql: the channels an agent hears of each kind of notice by. */
export interface AgentMessagePreferencesTable {
  agent_id: number;
  kind: 'NEW_REFERRAL' | 'REMINDER';
  channels: ('PUSH' | 'SMS' | 'EMAIL')[];
  updated_at: Date;
}

export interface MessagesTables {
  message_pacing: MessagePacingTable;
  agent_message_preferences: AgentMessagePreferencesTable;
}
