/** A person in a picker: the name shown, and what tells two of that name apart. */
export interface NamedChoice {
  id: number;
  name: string;
  email?: string | null;
  office?: string | null;
}

/**
 * The label each choice shows in a picker: the name alone when no other choice has it, else the name
 * with the email (or the office, or the record number when neither is known), so two "Ella Nguyen"
 * can be told apart. Names compare without case or extra spaces.
 */
export function distinctNames(choices: readonly NamedChoice[]): Map<number, string> {
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  const seen = new Map<string, number>();
  for (const c of choices) seen.set(key(c.name), (seen.get(key(c.name)) ?? 0) + 1);
  return new Map(
    choices.map((c) => {
      if ((seen.get(key(c.name)) ?? 0) < 2) return [c.id, c.name];
      const by = c.email || c.office || `#${c.id}`;
      return [c.id, `${c.name} (${by})`];
    }),
  );
}
