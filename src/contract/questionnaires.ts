import * as v from 'valibot';

import { PRICE_RANGES } from '../lib/price-ranges.ts';
import { US_STATES_AND_TERRITORIES } from '../lib/us-states.ts';

// An agent's questionnaire: coverage and preferences, read and edited by the brokerage.
// GET and PUT /agents-api/agents/:id/questionnaire.

export const LANGUAGES = [
  'English',
  'Spanish',
  'Chinese',
  'Tagalog',
  'Vietnamese',
  'Arabic',
  'French',
  'Korean',
  'Russian',
  'Portuguese',
  'Haitian Creole',
  'Hindi',
  'German',
  'Polish',
  'Italian',
  'Japanese',
] as const;
const STATE_CODES = US_STATES_AND_TERRITORIES.map((s) => s.code);
export const MAX_ZIP_CODES = 200;

const YEARS_MESSAGE = 'Years must be a number from 0 to 80';
const Price = v.nullable(
  v.pipe(
    v.number(),
    v.check((n) => PRICE_RANGES.includes(n), 'must be one of the price ranges'),
  ),
);

export const Questionnaire = v.object({
  agentId: v.number(),
  states: v.array(v.string()),
  zipCodes: v.array(v.string()),
  priceMin: v.nullable(v.number()),
  priceMax: v.nullable(v.number()),
  buyer: v.boolean(),
  seller: v.boolean(),
  rental: v.boolean(),
  languages: v.array(v.string()),
  yearsExperience: v.nullable(v.number()),
  /** null until someone saves it. */
  updated: v.nullable(v.string()),
  updatedBy: v.nullable(v.string()),
});
export type Questionnaire = v.InferOutput<typeof Questionnaire>;

export const QuestionnaireUpdate = v.pipe(
  v.strictObject(
    {
      states: v.pipe(v.array(v.picklist(STATE_CODES, 'must be US state or territory codes')), v.maxLength(60)),
      zipCodes: v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^\d{5}$/, 'ZIP must be exactly 5 digits'))),
        v.maxLength(MAX_ZIP_CODES, `At most ${MAX_ZIP_CODES} ZIP codes`),
      ),
      priceMin: Price,
      priceMax: Price,
      buyer: v.boolean(),
      seller: v.boolean(),
      rental: v.boolean(),
      languages: v.pipe(v.array(v.picklist(LANGUAGES, 'must be languages of the list')), v.maxLength(LANGUAGES.length)),
      // Worded as the form shows them: the console checks the body with this schema before it sends it.
      yearsExperience: v.nullable(
        v.pipe(
          v.number(YEARS_MESSAGE),
          v.minValue(0, YEARS_MESSAGE),
          v.maxValue(80, YEARS_MESSAGE),
          v.check((n) => Math.round(n * 10) === n * 10, 'Years may have at most one decimal place'),
        ),
      ),
    },
    'unknown field',
  ),
  v.forward(
    v.partialCheck(
      [['priceMin'], ['priceMax']],
      (q) => q.priceMin === null || q.priceMax === null || q.priceMin <= q.priceMax,
      'The highest price must not be below the lowest',
    ),
    ['priceMax'],
  ),
);
export type QuestionnaireUpdate = v.InferInput<typeof QuestionnaireUpdate>;
