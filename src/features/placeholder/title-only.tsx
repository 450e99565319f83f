import { mutedText, Page } from '../../ui/layout.tsx';

/** A screen whose content is not built yet: the top bar shows its title, the body says so. */
export function TitleOnly({ title }: { title: string }) {
  return <Page title={title}><p className={mutedText}>This page is not available yet.</p></Page>;
}
