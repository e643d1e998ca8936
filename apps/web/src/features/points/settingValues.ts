/** A time input's value as the API keeps it: 'HH:MM' gains its seconds, 'HH:MM:SS' stays. */
export const timeInput = (value: string) => (value.length === 5 ? `${value}:00` : value);
