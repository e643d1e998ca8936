import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { ConfirmDialog } from './ConfirmDialog';
import { loadOnce } from './loadOnce';

type Dialog = typeof ConfirmDialog;

/**
 * The dialog's own chunk: pages that never ask (sign-in) never load it. Loaded as a module, not a lazy
 * component: a chunk that fails to come (a new release replaced it) answers the question no, rather than
 * throwing outside every error boundary; the next question tries again.
 */
const load = loadOnce(() => import('./ConfirmDialog').then((module) => module.ConfirmDialog));

type Ask = (text?: string) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/** One confirmation dialog for the whole cabinet: 'Sure want to perform this action?' (spec §2). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [text, setText] = useState<string | null>(null);
  /** Kept from the first question on, so the dialog can animate closed. */
  const [dialog, setDialog] = useState<{ Dialog: Dialog } | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const ask = useCallback<Ask>(
    (message) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        load().then(
          (Dialog) => {
            setDialog({ Dialog });
            setText(message ?? '');
          },
          () => {
            resolver.current = null;
            resolve(false);
          },
        );
      }),
    [],
  );

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setText(null);
  };

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      {dialog && <dialog.Dialog text={text} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider');
  return ask;
}
