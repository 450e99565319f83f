import type { AddressInput, AddressIssue, AddressValidation } from '../../src/contract/address-validation.ts';
import { US_STATES_AND_TERRITORIES } from '../../src/lib/us-states.ts';
import type { Db } from '../db/database.ts';
import { zipPlaces } from './zip-codes.ts';

// Address validation behind POST /contact-center-api/proxy/google-api/validate-address: the one place
// Google's Address Validation API plugs in (docs/spec/DECISIONS.md, stand-ins at the boundary). The reference
// API cannot reach Google, so ADDRESS_VALIDATION_PROVIDER unset or 'reference' runs the stand-in:
// format checks, then the ZIP against the geography table (zip_codes). A Google provider would POST
// the address to https://addressvalidation.googleapis.com/v1:validateAddress with the key of
// GOOGLE_MAPS_API_KEY and map its verdict (addressComplete, unconfirmed components) to the same answer.

export interface AddressValidator {
  name: string;
  validate(db: Db, address: AddressInput): Promise<AddressValidation>;
}

const STATES = new Set(US_STATES_AND_TERRITORIES.map((s) => s.code));
const STREET = /^\d+[A-Za-z]?(?:-\d+)?\s+\S.*$/; // a house number, then the street name
const CITY = /^[A-Za-z][A-Za-z .'-]*$/;
const ZIP = /^(\d{5})(?:-\d{4})?$/; // ZIP or ZIP+4 accepted; stored as the 5-digit ZIP

const reference: AddressValidator = {
  name: 'reference',
  async validate(db, input) {
    const issues: AddressIssue[] = [];
    const state = input.state.toUpperCase();
    const zipMatch = ZIP.exec(input.zip);
    const zip = zipMatch?.[1] ?? input.zip;
    if (!input.street) issues.push({ field: 'street', message: 'Street is required' });
    else if (!STREET.test(input.street))
      issues.push({ field: 'street', message: 'Street must start with a house number' });
    if (input.city && !CITY.test(input.city))
      issues.push({ field: 'city', message: 'City may hold letters, spaces, periods, apostrophes and hyphens' });
    if (state && !STATES.has(state)) issues.push({ field: 'state', message: 'Choose a state' });
    if (!input.zip) issues.push({ field: 'zip', message: 'ZIP is required' });
    else if (!zipMatch) issues.push({ field: 'zip', message: 'ZIP must be exactly 5 digits' });
    const place = zipMatch ? ((await zipPlaces(db, [zip])).get(zip) ?? null) : null;
    const formatOk = issues.length === 0;
    if (formatOk && !place) issues.push({ field: 'zip', message: 'Unknown ZIP' });
    if (place && state && state !== place.state)
      issues.push({ field: 'state', message: `ZIP ${zip} is in ${place.state}` });
    if (place && input.city && input.city.toLowerCase() !== place.city.toLowerCase()) {
      issues.push({ field: 'city', message: `ZIP ${zip} is in ${place.city}` });
    }
    return {
      verdict: !formatOk ? 'INVALID' : issues.length > 0 ? 'SUSPECT' : 'VALID',
      address: {
        street: input.street.replace(/\s+/g, ' '),
        city: input.city || place?.city || '',
        state: state || place?.state || '',
        zip,
      },
      place,
      issues,
      provider: 'reference',
    };
  },
};

export function addressValidator(env: NodeJS.ProcessEnv = process.env): AddressValidator {
  const name = env['ADDRESS_VALIDATION_PROVIDER'] ?? 'reference';
  if (name !== 'reference')
    throw new Error(`ADDRESS_VALIDATION_PROVIDER=${name}: no such address validator (only reference)`);
  return reference;
}
