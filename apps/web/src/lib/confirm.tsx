import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Ask = (text?: string) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/** One confirmation dialog for the whole cabinet: 'Sure want to perform this action?' (spec §2). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const ask = useCallback<Ask>((message) => {
    setText(message ?? '');
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
      <Modal opened={text !== null} onClose={() => answer(false)} title={t('confirm.title')} centered>
        <Text mb="lg">{text || t('confirm.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => answer(true)} data-autofocus>
            {t('common.confirm')}
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider');
  return ask;
}
