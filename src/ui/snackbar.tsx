import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';

import * as styles from './snackbar.css.ts';

type Tone = 'info' | 'success' | 'error';
interface Message {
  id: number;
  text: string;
  tone: Tone;
  path: string | null;
  action: SnackbarAction | undefined;
}
/** A step that can be taken back offers it here ("Undo"): the message goes when it is pressed. */
export interface SnackbarAction {
  label: string;
  run: () => void;
}
export interface ShowOptions {
  tone?: Tone;
  durationMs?: number;
  /**
   * The message is about this page only (a refused sign-in): it goes when the page changes, so a
   * failed attempt's error does not sit over the dashboard the next attempt opens.
   */
  pageOnly?: boolean;
  action?: SnackbarAction;
}
type Show = (text: string, options?: ShowOptions) => void;

const DEFAULT_DURATION_MS = 5000;
/** Long enough to read the message and reach its Undo by keyboard (WCAG 2.2.1). */
const ACTION_DURATION_MS = 10_000;
const SnackbarContext = createContext<Show>(() => {});

/** Transient messages: errors are announced assertively (role alert), others politely (role status). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [location] = useLocation();
  // Render-time filter, not an effect: no frame shows a page-only message over the next page.
  const shown = messages.filter((m) => m.path === null || m.path === location);
  const nextId = useRef(1);
  // Pending dismissals end with the provider: a timer must not fire into an unmounted tree
  // (it did, after a component test's environment was torn down).
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);
  const dismiss = useCallback((id: number) => setMessages((m) => m.filter((x) => x.id !== id)), []);
  const show = useCallback<Show>(
    (text, { tone = 'info', durationMs, pageOnly = false, action } = {}) => {
      const id = nextId.current++;
      setMessages((m) => [
        ...m.filter((x) => x.text !== text),
        { id, text, tone, path: pageOnly ? window.location.pathname : null, action },
      ]);
      const timer = setTimeout(
        () => {
          timers.current.delete(timer);
          dismiss(id);
        },
        durationMs ?? (action ? ACTION_DURATION_MS : DEFAULT_DURATION_MS),
      );
      timers.current.add(timer);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div className={styles.region}>
        {shown.map((m) => (
          <div key={m.id} className={styles.tone[m.tone]} role={m.tone === 'error' ? 'alert' : 'status'}>
            <span>{m.text}</span>
            {m.action && (
              <button
                type="button"
                className={styles.action}
                onClick={() => {
                  dismiss(m.id);
                  m.action?.run();
                }}
              >
                {m.action.label}
              </button>
            )}
          </div>
        ))}
      </div>
    </SnackbarContext.Provider>
  );
}

export const useSnackbar = (): Show => useContext(SnackbarContext);
