import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import * as styles from './snackbar.css.ts';

type Tone = 'info' | 'success' | 'error';
interface Message { id: number; text: string; tone: Tone }
export interface ShowOptions { tone?: Tone; durationMs?: number }
type Show = (text: string, options?: ShowOptions) => void;

const DEFAULT_DURATION_MS = 5000;
const SnackbarContext = createContext<Show>(() => {});

/** Transient messages: errors are announced assertively (role alert), others politely (role status). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<Message[]>([]);
  const nextId = useRef(1);
  // Pending dismissals end with the provider: a timer must not fire into an unmounted tree
  // (it did, after a component test's environment was torn down).
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => { for (const t of pending) clearTimeout(t); pending.clear(); };
  }, []);
  const dismiss = useCallback((id: number) => setMessages((m) => m.filter((x) => x.id !== id)), []);
  const show = useCallback<Show>((text, { tone = 'info', durationMs = DEFAULT_DURATION_MS } = {}) => {
    const id = nextId.current++;
    setMessages((m) => [...m.filter((x) => x.text !== text), { id, text, tone }]);
    const timer = setTimeout(() => { timers.current.delete(timer); dismiss(id); }, durationMs);
    timers.current.add(timer);
  }, [dismiss]);
  const value = useMemo(() => show, [show]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div className={styles.region}>
        {messages.map((m) => (
          <div key={m.id} className={styles.tone[m.tone]} role={m.tone === 'error' ? 'alert' : 'status'}>
            <span>{m.text}</span>
          </div>
        ))}
      </div>
    </SnackbarContext.Provider>
  );
}

export const useSnackbar = (): Show => useContext(SnackbarContext);
