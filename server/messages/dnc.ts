/**
 * The DNC dispositions of an inbound block: the number replied STOP (or another opt-out word).
 * No text goes to it until it replies START; a staff-added DNC entry is not lifted by a START.
 */
export const INBOUND_BLOCK = 'Inbound blocked (STOP reply)';
/** Also the disposition the demo's inbound stand-in writes (contact-center-api/sms.ts). */
export const INBOUND_BLOCKS = [INBOUND_BLOCK, 'Opted out (STOP reply)'];
