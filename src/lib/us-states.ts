// The US states, the District of Columbia and the inhabited territories (spec 2 section 9: "a list
// of US states and territories exists"), as USPS codes with names, for address and licence fields.
export interface UsState { code: string; name: string; territory: boolean }

const s = (code: string, name: string, territory = false): UsState => ({ code, name, territory });

export const US_STATES_AND_TERRITORIES: readonly UsState[] = [
  s('AL', 'Alabama'), s('AK', 'Alaska'), s('AS', 'American Samoa', true), s('AZ', 'Arizona'),
  s('AR', 'Arkansas'), s('CA', 'California'), s('CO', 'Colorado'), s('CT', 'Connecticut'),
  s('DE', 'Delaware'), s('DC', 'District of Columbia', true), s('FL', 'Florida'), s('GA', 'Georgia'),
  s('GU', 'Guam', true), s('HI', 'Hawaii'), s('ID', 'Idaho'), s('IL', 'Illinois'), s('IN', 'Indiana'),
  s('IA', 'Iowa'), s('KS', 'Kansas'), s('KY', 'Kentucky'), s('LA', 'Louisiana'), s('ME', 'Maine'),
  s('MD', 'Maryland'), s('MA', 'Massachusetts'), s('MI', 'Michigan'), s('MN', 'Minnesota'),
  s('MS', 'Mississippi'), s('MO', 'Missouri'), s('MT', 'Montana'), s('NE', 'Nebraska'),
  s('NV', 'Nevada'), s('NH', 'New Hampshire'), s('NJ', 'New Jersey'), s('NM', 'New Mexico'),
  s('NY', 'New York'), s('NC', 'North Carolina'), s('ND', 'North Dakota'),
  s('MP', 'Northern Mariana Islands', true), s('OH', 'Ohio'), s('OK', 'Oklahoma'), s('OR', 'Oregon'),
  s('PA', 'Pennsylvania'), s('PR', 'Puerto Rico', true), s('RI', 'Rhode Island'),
  s('SC', 'South Carolina'), s('SD', 'South Dakota'), s('TN', 'Tennessee'), s('TX', 'Texas'),
  s('VI', 'U.S. Virgin Islands', true), s('UT', 'Utah'), s('VT', 'Vermont'), s('VA', 'Virginia'),
  s('WA', 'Washington'), s('WV', 'West Virginia'), s('WI', 'Wisconsin'), s('WY', 'Wyoming'),
];
