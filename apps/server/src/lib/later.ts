/**
 * What a module built earlier calls but a module built later provides: the one kind of cycle the
 * composition root's order cannot break (billing and the file rules tell the screens' content sync, which
 * needs billing's lock). It is bound once, when the provider is built; a call before then fails loudly
 * instead of reaching a value that does not exist yet.
 */
export class Later<T> {
  private value: T | undefined;

  constructor(private readonly what: string) {}

  bind(value: T): T {
    this.value = value;
    return value;
  }

  get(): T {
    if (this.value === undefined) throw new Error(`${this.what} is used before it is built`);
    return this.value;
  }
}
