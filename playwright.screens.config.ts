import { defineConfig, devices } from '@playwright/test';

import base from './playwright.config.ts';

// The README's screenshots and one of every console list at 412 px and 1280 px (docs/screens/lists/),
// drawn from the real product on a fresh demo database:
//   npm run screenshots   (writes docs/screens/**/*.png; needs a build: npm run build)
// Same server and browser as the e2e run (playwright.config.ts), its own test folder.
export default defineConfig({
  ...base,
  testDir: 'scripts/screenshots',
  testIgnore: [],
  testMatch: /.*\.screens\.ts/,
  retries: 0,
  reporter: [['list']],
  projects: [
    {
      name: 'desktop',
      testMatch: /console\.screens\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    { name: 'phone', testMatch: /agent\.screens\.ts/, use: { ...devices['Pixel 7'] } },
    // The lists at device scale 1: a 412 px screenshot is 412 pixels wide, small enough to commit.
    { name: 'lists-phone', testMatch: /lists\.screens\.ts/, use: { ...devices['Pixel 7'], deviceScaleFactor: 1 } },
    {
      name: 'lists-desktop',
      testMatch: /lists\.screens\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
});
