/**
 * Browser date and time inputs against the API's wall clocks: <input type="datetime-local"> speaks
 * 'YYYY-MM-DDTHH:mm[:ss]' and <input type="time"> 'HH:mm[:ss]'; the API speaks 'YYYY-MM-DD HH:mm:ss' and
 * 'HH:mm:ss', on the screen's clock.
 */
export const toLocalInput = (wall: string | null): string => (wall ?? '').replace(' ', 'T');

export const fromLocalInput = (value: string): string => {
  const v = value.replace('T', ' ');
  return v.length === 16 ? `${v}:00` : v;
};

export const fromTimeInput = (value: string): string => (value.length === 5 ? `${value}:00` : value);
