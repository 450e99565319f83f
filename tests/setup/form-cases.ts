import { waitFor, within } from '@testing-library/react';
import type * as v from 'valibot';
import { expect } from 'vitest';

import { fieldMaxLengths, maxDigitsOf } from '../../src/contract/limits.ts';
import { renderApp } from './render-app.tsx';

// Forms from the contract: one runner for every form's case. A value the contract refuses
// shows its message beside its field, focus moves there, and the message goes as the field changes;
// each input named after a contract field is limited to the schema's length, the server's own.

export type App = Awaited<ReturnType<typeof renderApp>>;

export interface FormCase {
  form: string;
  /** The page, or how to find it in the seeded database. */
  url: string | (() => Promise<string>);
  as?: string;
  /** Opens the form and answers the element holding it; without it the page is the form. */
  open?: (app: App) => Promise<HTMLElement>;
  /** Fills what comes before the field, so that the field holds the form's first error. */
  before?: (app: App, form: HTMLElement) => Promise<void>;
  /** The first field of the form, the value typed into it ('' leaves it empty) and the message it earns. */
  field: string | RegExp;
  bad: string;
  message: string | RegExp;
  submit: string;
  /** The schema the server checks the form's body with. */
  schema?: v.GenericSchema;
  /** Fields of the schema that hold a whole number: each one's input is limited to the digits of its largest value (maxDigitsOf). */
  digits?: readonly string[];
  /** Puts the refused value in a field that is not typed into (a select's option, or none); without it the field is cleared and `bad` typed. */
  fill?: (app: App, field: HTMLElement) => Promise<void>;
  /** Changes the field after the message shows (typing "a" by default), e.g. picks a date where typing cannot. */
  change?: (app: App, field: HTMLElement) => Promise<void>;
}

/** Clicks the page's button `button` and answers the dialog it opens, named `dialog` (the button's name by default). */
export const dialogOf =
  (button: string, dialog = button) =>
  async ({ screen, user }: App) => {
    await user.click((await screen.findAllByRole('button', { name: button }))[0]!);
    return screen.findByRole('dialog', { name: dialog });
  };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The field's whole description once refused: the message alone, or, for a text area with a limit,
 * the message then its character count ("3 of 4,000 characters"), which stays beside the field.
 */
export function describedBy(field: HTMLElement, message: string | RegExp): string | RegExp {
  if (!(field instanceof HTMLTextAreaElement) || field.maxLength < 0) return message;
  const count = `${field.value.length.toLocaleString('en-US')} of ${field.maxLength.toLocaleString('en-US')} characters`;
  const source = typeof message === 'string' ? `^${escapeRegExp(message)}$` : message.source;
  return new RegExp(`${source.replace(/\$$/, '')} ${escapeRegExp(count)}$`);
}

/** Runs one case: the refused value's message beside its field, focused, gone as the field changes, lengths the schema's. */
export async function checkFormCase(c: FormCase): Promise<void> {
  const app = await renderApp(typeof c.url === 'string' ? c.url : await c.url(), c.as ? { as: c.as } : {});
  const form = c.open ? await c.open(app) : await app.screen.findByRole('main');
  await c.before?.(app, form);
  const [field] = await within(form).findAllByLabelText(c.field, { selector: 'input, textarea, select' });
  if (!field) throw new Error(`no field ${String(c.field)}`);
  if (c.fill) await c.fill(app, field);
  else {
    await app.user.clear(field);
    if (c.bad) await app.user.type(field, c.bad); // '' leaves a required field empty
  }
  await app.user.click(within(field.closest('form') ?? form).getByRole('button', { name: c.submit }));

  await waitFor(() => expect(field).toHaveAccessibleDescription(describedBy(field, c.message)));
  expect(field).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(field).toHaveFocus());

  await (c.change ? c.change(app, field) : app.user.type(field, 'a'));
  expect(field).not.toHaveAttribute('aria-invalid');
  expect(within(form).queryByText(c.message)).not.toBeInTheDocument();

  if (c.schema) {
    const entries = (c.schema as unknown as { entries?: Record<string, v.GenericSchema> }).entries ?? {};
    const limits = {
      ...fieldMaxLengths(c.schema),
      ...Object.fromEntries((c.digits ?? []).map((k) => [k, entries[k] && maxDigitsOf(entries[k])])),
    };
    const named = [...form.querySelectorAll<HTMLInputElement>('input[name], textarea[name]')].filter(
      (i) => i.name in limits,
    );
    expect(named.length).toBeGreaterThan(0);
    for (const input of named) expect([input.name, input.maxLength]).toEqual([input.name, limits[input.name] ?? -1]);
  }
}
