import { Card, Page } from '../../ui/layout.tsx';
import * as staff from '../../ui/staff.css.ts';
import { EmailSettingsEditor } from './email-settings-editor.tsx';

/** settings/email (BROKERAGE_ADMIN): the signed-in admin's brokerage's email settings. */
export function EmailSettingsScreen() {
  return (
    <Page>
      <Card aria-labelledby="email-settings-heading">
        <h2 id="email-settings-heading" className={staff.heading}>
          Emails your brokerage receives
        </h2>
        <EmailSettingsEditor />
      </Card>
    </Page>
  );
}
