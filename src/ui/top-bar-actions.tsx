import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** Screens that list things offer search and sort; on phones the top bar shows their buttons. */
export interface TopBarActions {
  onSearch?: () => void;
  onSort?: () => void;
}

const Ctx = createContext<{ actions: TopBarActions; set: (a: TopBarActions) => void }>({ actions: {}, set: () => {} });

export function TopBarActionsProvider({ children }: { children: ReactNode }) {
  const [actions, set] = useState<TopBarActions>({});
  return <Ctx.Provider value={{ actions, set }}>{children}</Ctx.Provider>;
}

export const useTopBarActionsValue = () => useContext(Ctx).actions;

/** A screen registers its search and sort handlers while it is shown. */
export function useTopBarActions(actions: TopBarActions): void {
  const { set } = useContext(Ctx);
  const { onSearch, onSort } = actions;
  useEffect(() => {
    set({ ...(onSearch ? { onSearch } : {}), ...(onSort ? { onSort } : {}) });
    return () => set({});
  }, [set, onSearch, onSort]);
}
