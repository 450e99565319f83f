import { EmailSettingBody } from '../../contract/email-settings.ts';
import { maxLengthOf } from '../../contract/limits.ts';

/** An address receiving an email: the server's rule and limit (EmailSettingBody), for adding and changing alike. */
export const ADDRESS_RULE = EmailSettingBody.entries.email;
export const ADDRESS_MAX = maxLengthOf(ADDRESS_RULE);
