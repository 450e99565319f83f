/** 039_message_delivery.sql: the global pace of bulk texts across relays. */
export interface MessagePacingTable {
  lane: string;
  next_slot: Date;
}

export interface MessagesTables {
  message_pacing: MessagePacingTable;
}
