import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useConfirm } from './confirm';

/**
 * Remove after 'Sure want to perform this action?', then refresh the list it came from. `call` is the
 * feature's *.api.ts call; its failure has been said by the client already.
 */
export function useRemove(listKey: QueryKey) {
  const client = useQueryClient();
  const confirm = useConfirm();
  return async (call: () => Promise<unknown>): Promise<void> => {
    if (!(await confirm())) return;
    await call().catch(() => undefined);
    await client.invalidateQueries({ queryKey: listKey });
  };
}
