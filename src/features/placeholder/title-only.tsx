import { Page } from '../../ui/layout.tsx';

/** A screen whose content another issue builds: its title only, nothing pretend. */
export function TitleOnly({ title }: { title: string }) {
  return <Page title={title} />;
}
