import { useEffect, useRef, useState } from 'react';

import { TextField } from './text-field.tsx';

const SEARCH_DEBOUNCE_MS = 300; // one request per pause in typing, not one per key

export interface SearchFieldProps {
  /** The accessible name and visible label ("Search" by default). */
  label?: string;
  /** The search in force when the field mounts. */
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  hint?: string;
}

/** A search box (role searchbox) that reports its text after a pause in typing, or at once on Enter. */
export function SearchField({ label = 'Search', value, onSearch, placeholder, hint }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  };
  return (
    <TextField
      type="search"
      label={label}
      value={text}
      placeholder={placeholder}
      hint={hint}
      autoComplete="off"
      onChange={(e) => change(e.target.value)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        clearTimeout(timer.current);
        onSearch(text.trim());
      }}
    />
  );
}
