import * as v from 'valibot';
import { PRICE_RANGES } from '../lib/price-ranges.ts';
import { US_STATES_AND_TERRITORIES } from '../lib/us-states.ts';

// An agent's questionnaire (issue 11): coverage and preferences, read and edited by the brokerage.
// GET and PUT /agents-api/agents/:id/questionnaire.

export const LANGUAGES = ['English', 'Spanish', 'Chinese', 'Tagalog', 'Vietnamese', 'Arabic', 'French', 'Korean',
  'Russian', 'Portuguese', 'Haitian Creole', 'Hindi', 'German', 'Polish', 'Italian', 'Japanese'] as const;
const STATE_CODES = US_STATES_AND_TERRITORIES.map((s) => s.code);
export const MAX_ZIP_CODES = 200;

const Price = v.nullable(v.pipe(v.number(), v.check((n) => PRICE_RANGES.includes(n), 'must be one of the price ranges')));

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
  v.strictObject({
    states: v.pipe(v.array(v.picklist(STATE_CODES, 'must be US state or territory codes')), v.maxLength(60)),
    zipCodes: v.pipe(v.array(v.pipe(v.string(), v.regex(/^\d{5}$/, 'ZIP must be exactly 5 digits'))), v.maxLength(MAX_ZIP_CODES, `at most ${MAX_ZIP_CODES} ZIP codes`)),
    priceMin: Price,
    priceMax: Price,
    buyer: v.boolean(),
    seller: v.boolean(),
    rental: v.boolean(),
    languages: v.pipe(v.array(v.picklist(LANGUAGES, 'must be languages of the list')), v.maxLength(LANGUAGES.length)),
    yearsExperience: v.nullable(v.pipe(v.number('must be a number'), v.minValue(0, 'must be 0 or more'), v.maxValue(80, 'must be at most 80'),
      v.check((n) => Math.round(n * 10) === n * 10, 'at most one decimal place'))),
  }, 'unknown field'),
  v.forward(v.partialCheck([['priceMin'], ['priceMax']], (q) => q.priceMin === null || q.priceMax === null || q.priceMin <= q.priceMax,
    'The highest price must not be below the lowest'), ['priceMax']),
);
export type QuestionnaireUpdate = v.InferInput<typeof QuestionnaireUpdate>;
