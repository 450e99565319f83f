import { BROKERAGE_READER_ROLES } from '../../../src/access/roles.ts';
import { AddressInput, type AddressValidation } from '../../../src/contract/address-validation.ts';
import { addressValidator } from '../../geography/address-validator.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { jsonBody } from '../../http/validate.ts';

// POST /contact-center-api/proxy/google-api/validate-address (spec 2 section 7): the proxy to Google's
// address validation, answered by the validator of server/geography/address-validator.ts. It only
// reads the geography table. Address fields are on the staff brokerage edit (the brokerages roles,
// spec 1 section 6) and on a brokerage admin's own forms, so those roles may call it.
const validator = addressValidator();

export const addressValidationRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/contact-center-api/proxy/google-api/validate-address',
    policy: BROKERAGE_READER_ROLES,
    handler: async (c) => {
      const address = await jsonBody(c, AddressInput);
      return c.json((await validator.validate(c.get('db'), address)) satisfies AddressValidation);
    },
  }),
];
