import { mutedText, Page } from '../../ui/layout.tsx';

/** A screen whose content is not built yet: the top bar shows its title, the body says so. */
export function TitleOnly({ title, heading }: { title: string; heading?: boolean }) {
  return (
    <Page title={title} showTitle={heading}>
      <p className={mutedText}>This page is not available yet.</p>
    </Page>
  );
}
