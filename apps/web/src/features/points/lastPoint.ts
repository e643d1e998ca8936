/**
 * The screen whose page was opened last in this browser: a point tab's address without an id
 * (/point/schedule) shows it (spec §2, the id is optional in the route table).
 */
const KEY = 'vitrine.lastPoint';

export const lastPoint = {
  get(): number | null {
    const id = Number(localStorage.getItem(KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  set(id: number): void {
    localStorage.setItem(KEY, String(id));
  },
};
