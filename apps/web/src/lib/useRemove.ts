import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../api/client';
import { useConfirm } from './confirm';

/** Remove after 'Sure want to perform this action?', then refresh the list it came from. */
export function useRemove(listKey: QueryKey) {
  const client = useQueryClient();
  const confirm = useConfirm();
  return async (path: string): Promise<void> => {
    if (!(await confirm())) return;
    await api(path, { method: 'POST' }).catch(() => undefined);
    await client.invalidateQueries({ queryKey: listKey });
  };
}
