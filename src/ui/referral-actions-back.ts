// The referral actions' Back-closes hook is now the console's one for every dialog and sheet
// (back-closes.ts). Dialog and Sheet call it themselves; a caller's own call joins theirs (one entry).
export { useBackCloses } from './back-closes.ts';
