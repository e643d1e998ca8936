/** `?bind=`: opens the bind dialog with the code a player's QR carries (the /point route and its page). */
export const bindSearch = (search: Record<string, unknown>): { bind?: string } => {
  const bind = typeof search.bind === 'string' ? search.bind.slice(0, 20) : undefined;
  return bind ? { bind } : {};
};
