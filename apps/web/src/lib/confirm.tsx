import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** The dialog's own chunk: pages that never ask (sign-in) never load it. */
const ConfirmDialog = lazy(() =>
  import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);

type Ask = (text?: string) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/** One confirmation dialog for the whole cabinet: 'Sure want to perform this action?' (spec §2). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [text, setText] = useState<string | null>(null);
  /** Mounted from the first question on, so the dialog can animate closed. */
  const [asked, setAsked] = useState(false);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const ask = useCallback<Ask>((message) => {
    setText(message ?? '');
    setAsked(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setText(null);
  };

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog text={text} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider');
  return ask;
}
